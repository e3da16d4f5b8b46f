import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the template files are. tsc does not copy non-TS files, so the theme always reads them from
 * the source tree: `./templates` beside this file when running from `src` (jest, ts tooling), and
 * `apps/api/src/theme/templates` when running the build from `apps/api/dist/theme`
 * (`node apps/api/dist/main.js`). `override` (the app config's `themeTemplatesDir`, from
 * THEME_TEMPLATES_DIR) is tried first (a deployment that ships the templates elsewhere).
 */
export function defaultTemplatesDir(override?: string, here: string = __dirname): string {
  const candidates = [
    override,
    join(here, 'templates'),
    resolve(here, '..', '..', 'src', 'theme', 'templates'),
  ].filter((d): d is string => typeof d === 'string' && d !== '');
  const found = candidates.find((dir) => existsSync(join(dir, 'site.jsont')));
  if (!found) throw new Error(`Theme templates not found (looked in ${candidates.join(', ')})`);
  return found;
}
