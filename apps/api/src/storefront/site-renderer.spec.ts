import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultTemplatesDir } from '../theme';
import { samplePages } from '../../test/theme/sample-contexts';
import { SiteRenderer } from './site-renderer';
import type { WebBundle } from './web-bundle';

/**
 * Template errors on a real page: a theme whose page template applies a partial that does not
 * exist, recurses past the partial depth limit of 16 and calls an unknown formatter and predicate.
 * The page still renders everything else, the errors are logged, and no stack trace shows.
 */
describe('SiteRenderer with a broken theme', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'broken-theme-'));
    cpSync(defaultTemplatesDir(), dir, { recursive: true });
    // The frame (the top-level template) gets the broken lines; a broken partial renders empty (SPEC 8).
    const frame = join(dir, 'site.jsont');
    writeFileSync(frame, readFileSync(frame, 'utf8').replace('</body>', `
<p id="after-missing">{@|apply no-such-partial}after missing partial</p>
<p id="after-recursion">{@|apply loop}after recursion</p>
<p id="after-formatter">{website.siteTitle|no-such-formatter}after unknown formatter</p>
<p id="after-predicate">{.no-such-predicate?}yes{.or}no{.end}after unknown predicate</p>
</body>`));
    const page = join(dir, 'page.jsont');
    writeFileSync(join(dir, 'partials', 'loop.jsont'), '{@|apply loop}');
    writeFileSync(join(dir, 'partials', 'unclosed.jsont'), '<span id="unclosed">{.section website}{siteTitle}</span>');
    writeFileSync(page, `${readFileSync(page, 'utf8')}<p id="after-unclosed">{@|apply unclosed}after unclosed</p>`);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders what it can, reports the errors and shows no stack trace', () => {
    const warnings: string[] = [];
    const renderer = new SiteRenderer({ headTags: () => '' } as unknown as WebBundle, { warn: (m: string) => warnings.push(m) }, { themeTemplatesDir: dir });
    const home = samplePages().find((p) => p.context.pageType === 2)!;
    const result = renderer.render(home.context, Date.UTC(2026, 10, 23))!;
    expect(result.errors).toBeGreaterThan(0);
    for (const id of ['after-missing', 'after-recursion', 'after-formatter', 'after-predicate', 'after-unclosed']) expect(result.html).toContain(`id="${id}"`);
    expect(result.html).toContain('after unknown predicate');
    expect(result.html).not.toContain('id="unclosed"');
    expect(result.html).toMatch(/<main id="main"/);
    expect(result.html).toContain('</html>');
    expect(result.html).not.toMatch(/\n\s+at .*\.(js|ts):\d+/);
    const logged = warnings.join('\n');
    expect(logged).toMatch(/could not be found|not be found/);
    expect(logged).toMatch(/recursion/i);
    expect(logged).toMatch(/Formatter 'no-such-formatter' is unknown/);
    expect(logged).toMatch(/Predicate 'no-such-predicate\?' is unknown/);
  });
});
