import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type ManifestEntry = { file: string; css?: string[] };

/**
 * The script and stylesheet tags of one Vite entry, read from its build's manifest
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
  return [
    ...(chunk.css ?? []).map((css) => `<link rel="stylesheet" href="${urlBase}${css}">`),
    `<script type="module" src="${urlBase}${chunk.file}"></script>`,
  ].join('\n');
}
