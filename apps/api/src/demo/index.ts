/** The demo store, site and images, and the entry point that starts the product with them. */
export { DemoModule } from './demo.module';
export { DEMO_SHOP_COLLECTION_ID, DEMO_WEBSITE_TITLE, demoCatalog } from './demo-store';
