import { Module } from '@nestjs/common';
import { DemoStoreSeeder } from './demo-store.seeder';
import { ProductCatalog } from './product-catalog';
import { WebsiteDirectory } from './website-directory';

@Module({
  providers: [ProductCatalog, WebsiteDirectory, DemoStoreSeeder],
  exports: [ProductCatalog, WebsiteDirectory],
})
export class CatalogModule {}
