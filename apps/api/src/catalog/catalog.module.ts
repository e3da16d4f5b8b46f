import { Module } from '@nestjs/common';
import { MediaModule } from '../media';
import { ContentAccessModule } from '../security/content-access';
import { AdditionalFieldsForms } from './additional-fields-forms';
import { CatalogController } from './catalog.controller';
import { CatalogWriter } from './catalog-writer';
import { CommandHandlers } from './commands';
import { ProductCatalog } from './product-catalog';
import { ProductLoader } from './product-loader';
import { ProductsController } from './products.controller';
import { QueryHandlers } from './queries';
import { WebsiteDirectory } from './website-directory';

@Module({
  // Media: product images must name existing image assets.
  imports: [MediaModule, ContentAccessModule],
  controllers: [CatalogController, ProductsController],
  providers: [ProductCatalog, WebsiteDirectory, CatalogWriter, ProductLoader, AdditionalFieldsForms, ...CommandHandlers, ...QueryHandlers],
  exports: [ProductCatalog, WebsiteDirectory, CatalogWriter, ProductLoader],
})
export class CatalogModule {}
