import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type ManifestEntry = { file: string; css?: string[]; imports?: string[] };

/**
 * The script and stylesheet tags of one Vite entry (and modulepreload links for the chunks it imports), read from its build's manifest
 * (`<distDir>/.vite/manifest.json`); `urlBase` is where that build is served (`/static/`).
 * Throws with the command to run when the bundle has not been built.
 */
export function viteEntryTags(distDir: string, entry: string, urlBase: string): string {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`The web bundle is not built (${manifestPath} is missing): run npm run build`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`The web manifest ${manifestPath} has no ${entry} entry`);
  // The chunks the entry imports statically are fetched with it, not after it has been parsed.
  const preloads: string[] = [];
  const visit = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const file = manifest[key]?.file;
      if (!file || preloads.includes(file)) continue;
      preloads.push(file);
      visit(manifest[key]!.imports);
    }
  };
  visit(chunk.imports);
  return [
    ...(chunk.css ?? []).map((css) => `<link rel="stylesheet" href="${urlBase}${css}">`),
    `<script type="module" src="${urlBase}${chunk.file}"></script>`,
    ...preloads.map((file) => `<link rel="modulepreload" href="${urlBase}${file}">`),
  ].join('\n');
}
