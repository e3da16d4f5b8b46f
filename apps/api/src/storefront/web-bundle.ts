import { Inject, Injectable } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

type ManifestEntry = { file: string; css?: string[] };

/** The script and stylesheet tags for the islands bundle, from Vite's manifest. */
@Injectable()
export class WebBundle {
  private tags: string | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  headTags(): string {
    if (this.tags !== null) return this.tags;
    const manifestPath = join(this.config.webDistDir, '.vite', 'manifest.json');
    if (!existsSync(manifestPath)) {
      throw new Error(`The web bundle is not built (${manifestPath} is missing): run npm run build`);
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
    const entry = manifest['src/main.tsx'];
    if (!entry) throw new Error('The web manifest has no src/main.tsx entry');
    this.tags = [
      ...(entry.css ?? []).map((css) => `<link rel="stylesheet" href="/static/${css}">`),
      `<script type="module" src="/static/${entry.file}"></script>`,
    ].join('\n');
    return this.tags;
  }
}
