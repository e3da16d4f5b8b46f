import { Module, type DynamicModule } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { ContentModule } from '../content';
import { FirstStartModule } from '../first-start';
import { FormsModule } from '../forms';
import { MediaModule } from '../media';
import { PasswordHashingModule } from '../security/password-hasher';
import { DemoMediaSeeder } from './demo-media.seeder';
import { DemoSiteSeeder } from './demo-site.seeder';
import { DemoStoreSeeder } from './demo-store.seeder';
import { LOGGED_PROGRESS, printedProgress, START_PROGRESS } from './start-progress';

/**
 * The demo store "Clay & Co.": on a new database, its website, products, images and pages, made
 * through each context's own commands (SEED_DEMO=false: only the website and its empty store). Only
 * the demo entry point (`demo/main.ts`, what `npm start` runs) and tests compose it; the product's
 * own entry point (`main.ts`) never does, and starts a new database with an untitled website.
 */
@Module({
  imports: [FirstStartModule, CatalogModule, MediaModule, ContentModule, FormsModule, PasswordHashingModule],
  providers: [{ provide: START_PROGRESS, useValue: LOGGED_PROGRESS }, DemoStoreSeeder, DemoMediaSeeder, DemoSiteSeeder],
})
export class DemoModule {
  /**
   * The demo as `npm start` runs it: each seeding step written to the terminal as it begins and
   * ends, with its duration, instead of a log line at its end.
   */
  static printingProgress(write: (text: string) => void = (text) => process.stdout.write(text)): DynamicModule {
    return { module: DemoModule, providers: [{ provide: START_PROGRESS, useValue: printedProgress(write) }] };
  }
}
