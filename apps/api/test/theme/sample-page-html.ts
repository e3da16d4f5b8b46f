/**
 * A sample page (sample-contexts.ts) rendered by the real theme, as the body the server sends: for
 * the islands' component tests, which take the server's markup over (web/src/app/product-page.spec.tsx).
 */
import { Theme } from '../../src/theme/theme';
import { renderPage } from './render-page';
import { SAMPLE_NOW, samplePage } from './sample-contexts';

let theme: Theme | null = null;

/** The inside of `<body>` of the sample page `name` (its site-context script included). */
export function samplePageBody(name: string): string {
  theme ??= Theme.load();
  const { html, errors } = renderPage(theme, samplePage(name), SAMPLE_NOW);
  if (errors.length > 0) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`);
  return html.slice(html.indexOf('<body'), html.lastIndexOf('</body>')).replace(/^<body[^>]*>/, '');
}
