import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { ContentModule } from '../content';
import { FirstStartModule } from '../first-start';
import { FormsModule } from '../forms';
import { MediaModule } from '../media';
import { PasswordHashingModule } from '../security/password-hasher';
import { DemoMediaSeeder } from './demo-media.seeder';
import { DemoSiteSeeder } from './demo-site.seeder';
import { DemoStoreSeeder } from './demo-store.seeder';

/**
 * The demo store "Clay & Co.": on a new database, its website, products, images and pages, made
 * through each context's own commands (SEED_DEMO=false: only the website and its empty store). Only
 * the demo entry point (`demo/main.ts`, what `npm start` runs) and tests compose it; the product's
 * own entry point (`main.ts`) never does, and starts a new database with an untitled website.
 */
@Module({
  imports: [FirstStartModule, CatalogModule, MediaModule, ContentModule, FormsModule, PasswordHashingModule],
  providers: [DemoStoreSeeder, DemoMediaSeeder, DemoSiteSeeder],
})
export class DemoModule {}
