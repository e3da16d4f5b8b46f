import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A text scan of the production sources. The types do not catch these: PageContext.pageType is
 * the union of PAGE_TYPES values, so a bare `frame(102, …)` or `pageType: 101` still compiles,
 * and a double cast compiles whatever it hides.
 */
const SRC = join(__dirname, '..');

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function offending(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('page-context sources', () => {
  const pageContextFiles = [...productionFiles(join(SRC, 'storefront')), ...productionFiles(join(SRC, 'theme'))];

  it('finds the files it scans', () => {
    expect(pageContextFiles.map((f) => relative(SRC, f))).toEqual(expect.arrayContaining(['storefront/page-context-builder.ts', 'theme/page-context.ts']));
  });

  it('builds page contexts and their records without double casts', () => {
    expect(offending(pageContextFiles, /as unknown as\s+(PageContext|ContentItem\w*|ProductRecord|CollectionRecord)\b/)).toEqual([]);
  });

  it('names page types by PAGE_TYPES, never by bare numbers', () => {
    expect(offending(pageContextFiles, /pageType\s*(:|===?|!==?)\s*\d|\b(frame|systemPage)\(\s*\d/)).toEqual([]);
  });

  it("keeps the demo's website title and literal time zones out of the app (the domain's defaults stand in)", () => {
    const appFiles = productionFiles(SRC).filter((f) => !relative(SRC, f).startsWith('demo/'));
    expect(offending(appFiles, /Clay & Co|['"`](America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Indian)\/\w/)).toEqual([]);
  });
});
