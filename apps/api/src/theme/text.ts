/** Plain-text helpers for excerpts and alt text (SPEC 9: default truncate length 100 with ellipsis). */

export const DEFAULT_TRUNCATE_LENGTH = 100;
export const ELLIPSIS = '…';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The text of an HTML fragment: tags become spaces, common entities are decoded, whitespace is collapsed. */
export function textFromHtml(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/**
 * `text` cut to at most `max` characters (code points, so an emoji is never split) plus an
 * ellipsis. The cut goes back to the last word break when there is one in the second half, and
 * trailing spaces and punctuation before the ellipsis are dropped. Text that fits is returned as is.
 */
export function truncate(text: string, max: number = DEFAULT_TRUNCATE_LENGTH, ellipsis: string = ELLIPSIS): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max).join('');
  const lastBreak = cut.search(/\s\S*$/);
  if (lastBreak >= max / 2) cut = cut.slice(0, lastBreak);
  return cut.replace(/[\s.,;:!?\u2013\u2014-]+$/, '') + ellipsis;
}

/** The first `max` characters (code points), without an ellipsis: the SPEC's alt-text rule. */
export function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('');
}
