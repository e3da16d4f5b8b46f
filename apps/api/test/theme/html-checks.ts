/**
 * Small structural checks over rendered HTML for the theme's tests (no DOM in the node suites):
 * headings, form-control labels, image alt text, leftover template syntax. They read only markup
 * the theme and the engine's formatters produce, so simple patterns are enough.
 */

export type Tag = { name: string; attrs: Record<string, string>; index: number; raw: string };

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTR = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Every start tag (outside the site-context script), with its attributes. */
export function tags(html: string, name?: string): Tag[] {
  const body = withoutScripts(html);
  const out: Tag[] = [];
  for (const m of body.matchAll(TAG)) {
    const tagName = m[1]!.toLowerCase();
    if (name && tagName !== name) continue;
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? '').matchAll(ATTR)) attrs[a[1]!.toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    out.push({ name: tagName, attrs, index: m.index!, raw: m[0] });
  }
  return out;
}

export function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (s) => ' '.repeat(s.length));
}

/** Heading levels in document order, e.g. [1, 2, 3, 2]. */
export function headingLevels(html: string): number[] {
  return tags(html)
    .filter((t) => /^h[1-6]$/.test(t.name))
    .map((t) => Number(t.name[1]));
}

/** Places where a heading goes more than one level deeper than the one before it. */
export function skippedHeadingLevels(html: string): string[] {
  const levels = headingLevels(html);
  return levels.flatMap((level, i) => (i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} → h${level}`] : []));
}

/**
 * Form controls with no accessible label: not aria-label(ledby), no <label for=id>, not inside a
 * <label>. Hidden inputs and buttons do not need one.
 */
export function unlabelledControls(html: string): string[] {
  const body = withoutScripts(html);
  const labelFor = new Set(tags(body, 'label').map((t) => t.attrs.for).filter(Boolean));
  const labelRanges: [number, number][] = [];
  for (const m of body.matchAll(/<label\b[\s\S]*?<\/label>/gi)) labelRanges.push([m.index!, m.index! + m[0].length]);
  return tags(body)
    .filter((t) => ['input', 'select', 'textarea'].includes(t.name))
    .filter((t) => !['hidden', 'submit', 'button'].includes(t.attrs.type ?? ''))
    .filter((t) => {
      if (t.attrs['aria-label'] || t.attrs['aria-labelledby']) return false;
      if (t.attrs.id && labelFor.has(t.attrs.id)) return false;
      if (t.name === 'input' && ['radio', 'checkbox'].includes(t.attrs.type ?? '') && !t.attrs.id) {
        return !labelRanges.some(([a, b]) => t.index > a && t.index < b);
      }
      return !labelRanges.some(([a, b]) => t.index > a && t.index < b);
    })
    .map((t) => t.raw);
}

export function imagesWithoutAlt(html: string): string[] {
  return tags(html, 'img')
    .filter((t) => !('alt' in t.attrs))
    .map((t) => t.raw);
}

/** Template syntax that reached the page: an unexecuted instruction or variable. */
export function leftoverTemplateSyntax(html: string): string[] {
  return [...withoutScripts(html).matchAll(/\{[.@#][^}]{0,40}\}?/g)].map((m) => m[0]);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The visible text of the page body, tags removed, entities decoded, whitespace collapsed. */
export function visibleText(html: string): string {
  const main = withoutScripts(html).replace(/<style\b[\s\S]*?<\/style>/gi, ' ').replace(/<head\b[\s\S]*?<\/head>/i, ' ');
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, n: string) => ENTITIES[n]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The HTML between the opening tag that contains `marker` and its matching close (same tag name). */
export function elementContaining(html: string, marker: string): string {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`No ${marker} in the page`);
  const start = html.lastIndexOf('<', at);
  const name = /^<([a-zA-Z0-9-]+)/.exec(html.slice(start))![1]!;
  const re = new RegExp(`<(/?)${name}\\b[^>]*>`, 'g');
  re.lastIndex = start;
  let depth = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index + m[0].length);
  }
  return html.slice(start);
}
