import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { ImageAssetRecord } from '@storefront/domain';
import { ImageAssets } from '../image-assets';
import { ListImagesQuery } from './list-images.query';

@QueryHandler(ListImagesQuery)
export class ListImagesHandler implements IQueryHandler<ListImagesQuery, { images: ImageAssetRecord[] }> {
  constructor(private readonly assets: ImageAssets) {}

  async execute(): Promise<{ images: ImageAssetRecord[] }> {
    return { images: await this.assets.list() };
  }
}
