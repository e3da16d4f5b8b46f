import { Inject, Injectable } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { viteEntryTags } from '../infrastructure/http/vite-bundle';

/** The tracker's own build (web/vite.tracker.config.ts): one classic script, served under /static/tracker/. */
export const TRACKER_ENTRY = 'src/tracker/main.ts';

/**
 * The script and stylesheet tags for the islands bundle, from Vite's manifest (entry `src/main.tsx`),
 * and the tracker script's tag (docs/ANALYTICS.md 'Tracker'): `defer`, so it runs after the page is
 * parsed and never holds up its rendering. The renderer gives both their CSP nonce.
 */
@Injectable()
export class WebBundle {
  private tags: string | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  headTags(): string {
    this.tags ??= `${viteEntryTags(this.config.webDistDir, 'src/main.tsx', '/static/')}\n${trackerTag(this.config.webDistDir)}`;
    return this.tags;
  }
}

/** `<script defer src="/static/tracker/…">` from the tracker build's manifest; throws with the command to run when it is not built. */
export function trackerTag(webDistDir: string): string {
  const manifestPath = join(webDistDir, 'tracker', '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`The tracker script is not built (${manifestPath} is missing): run npm run build`);
  const entry = (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>)[TRACKER_ENTRY];
  if (!entry) throw new Error(`The tracker manifest ${manifestPath} has no ${TRACKER_ENTRY} entry`);
  return `<script defer src="/static/tracker/${entry.file}"></script>`;
}
