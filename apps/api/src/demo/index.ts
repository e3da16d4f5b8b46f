/** The demo store, site and images, and the entry point that starts the product with them. */
export { DemoModule } from './demo.module';
export { DEMO_SHOP_COLLECTION_ID, DEMO_WEBSITE_TITLE, demoCatalog } from './demo-store';
export { DEMO_IMAGE_LIST, DEMO_IMAGES } from './demo-images';
export { DemoMediaSeeder } from './demo-media.seeder';
export { DEMO_COLLECTION_IDS, DEMO_WHOLESALE_PASSWORD } from './demo-site';
