/** The content context: its module, the read side the published site uses, and the writer and loader seeding uses. */
export { ContentModule } from './content.module';
export { SiteReadModel } from './site-read-model';
export { SitePreview } from './site-preview';
export { SiteSearch } from './site-search';
export { SiteLoader } from './site-loader';
export { SiteWriter } from './site-writer';
