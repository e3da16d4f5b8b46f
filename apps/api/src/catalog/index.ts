/** The product catalog: its module, the product read side, the website directory, and the writer and loader seeding uses. */
export { CatalogModule } from './catalog.module';
export { CatalogWriter } from './catalog-writer';
export { ProductLoader } from './product-loader';
export { ProductCatalog } from './product-catalog';
export { WebsiteDirectory } from './website-directory';
export { DEFAULT_STORE_COLLECTION_ID, DEFAULT_STORE_TITLE } from './default-store';
