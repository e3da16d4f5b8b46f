import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { imageAssetRecord, type ImageAssetRecord } from '@storefront/domain';
import { ImageAssets } from '../image-assets';
import { GetImageQuery } from './get-image.query';

@QueryHandler(GetImageQuery)
export class GetImageHandler implements IQueryHandler<GetImageQuery, ImageAssetRecord> {
  constructor(private readonly assets: ImageAssets) {}

  async execute({ imageId }: GetImageQuery): Promise<ImageAssetRecord> {
    return imageAssetRecord(await this.assets.require(imageId));
  }
}
