import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { viteEntryTags } from '../infrastructure/http/vite-bundle';

/** The script and stylesheet tags for the islands bundle, from Vite's manifest (entry `src/main.tsx`). */
@Injectable()
export class WebBundle {
  private tags: string | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  headTags(): string {
    this.tags ??= viteEntryTags(this.config.webDistDir, 'src/main.tsx', '/static/');
    return this.tags;
  }
}
