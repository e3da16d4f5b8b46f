import { Module } from '@nestjs/common';
import { CommandHandlers } from './commands';
import { ImageAssets } from './image-assets';
import { ImageFilesController } from './image-files.controller';
import { MediaBlobStore } from './media-blob.store';
import { MediaController } from './media.controller';
import { QueryHandlers } from './queries';
import { RenditionCache } from './rendition-cache';

/**
 * Image assets: owner upload, edit and removal (`/api/media/images`), public files and their
 * resized renditions at the asset URL (`/static/images/{id}/{filename}`).
 */
@Module({
  controllers: [MediaController, ImageFilesController],
  providers: [ImageAssets, MediaBlobStore, RenditionCache, ...CommandHandlers, ...QueryHandlers],
  exports: [ImageAssets],
})
export class MediaModule {}
