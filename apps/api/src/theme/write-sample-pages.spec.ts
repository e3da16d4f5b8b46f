import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Theme } from './theme';
import { writeSamplePages } from '../../test/theme/write-sample-pages';

/** Writes the rendered sample pages to test-artifacts/theme (git-ignored) to open in a browser. */
const OUT = resolve(__dirname, '../../../../test-artifacts/theme');

describe('sample pages', () => {
  it('are written as standalone HTML with local placeholder images', async () => {
    const files = await writeSamplePages(Theme.load(), OUT);
    expect(files.length).toBeGreaterThanOrEqual(20);
    const home = readFileSync(join(OUT, 'home.html'), 'utf8');
    expect(home).toContain('src="images/hero-studio/hero-studio.jpg?format=1000w"');
    expect(home).not.toContain('"/static/images/');
    expect(existsSync(join(OUT, 'images', 'hero-studio', 'hero-studio.jpg'))).toBe(true);
  });
});
