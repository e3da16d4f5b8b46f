/**
 * Issue 10, render side: whatever html a contributor managed to store (before sanitizing on write
 * existed, or in a field a block keeps as given), no page of the theme prints anything that runs.
 */
import { activeParts, XSS_PAYLOADS } from '../../test/xss-payloads';
import { decoratePageContext } from './decorate-page-context';
import type { PageContext } from './page-context';
import { renderPage } from '../../test/theme/render-page';
import { SAMPLE_NOW, samplePages } from '../../test/theme/sample-contexts';
import { Theme } from './theme';

const theme = Theme.load();
const HTML_FIELDS = new Set(['header', 'footer', 'description', 'excerpt', 'body', 'html', 'caption', 'parsedDisclaimerMessage']);
const PAYLOAD = XSS_PAYLOADS.join('');

/**
 * Every html field of a context, anywhere in it, with the payloads in front of what it held (not
 * `seo`, whose description is plain text the frame prints escaped).
 */
function poisoned<T>(value: T): T {
  if (Array.isArray(value)) return value.map(poisoned) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, key === 'seo' ? v : HTML_FIELDS.has(key) && typeof v === 'string' ? PAYLOAD + v : poisoned(v)]),
  ) as T;
}

describe('rich text is sanitized on render (issue 10)', () => {
  const clean = samplePages();
  const pages = clean.map((p) => ({ ...p, context: poisoned(p.context) }));

  it.each(pages.map((p, i) => [p.name, p.context, clean[i]!.context] as const))('%s prints no script, handler or script URL', (_name, context, original) => {
    const { html } = renderPage(theme, context as PageContext, SAMPLE_NOW);
    expect(html).toContain('<main');
    expect(html).not.toContain('window.pwned = 1</script>');
    // Exactly the theme's own active parts (its forms, its inline stylesheet here), nothing more.
    expect(activeParts(html, { ownScripts: true })).toEqual(activeParts(renderPage(theme, original, SAMPLE_NOW).html, { ownScripts: true }));
  });

  it('keeps the formatting around the payloads, and the ?format=json context is sanitized too', () => {
    const home = pages.find((p) => p.name === 'home')!.context;
    const json = JSON.stringify(decoratePageContext(home, { now: SAMPLE_NOW }));
    const strings: string[] = [];
    JSON.parse(json, (_key, value) => (typeof value === 'string' && strings.push(value), value));
    expect(strings.flatMap((s) => activeParts(s))).toEqual([]);
    expect(json).toContain('<p class=\\"announcement\\">Free shipping');
  });
});
