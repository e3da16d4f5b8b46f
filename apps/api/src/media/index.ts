/** Image assets: the module, the asset lookup, and the upload command seeding sends. */
export { MediaModule } from './media.module';
export { ImageAssets } from './image-assets';
export { UploadImageCommand } from './commands/upload-image.command';
