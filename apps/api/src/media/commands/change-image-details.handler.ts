import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  domainError, IMAGE_STREAM_TYPE, imageAssetRecord, imageDecider, imageStreamId, type ImageAssetRecord,
} from '@storefront/domain';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { isImageId } from '../image-assets';
import { ChangeImageDetailsCommand } from './change-image-details.command';

@CommandHandler(ChangeImageDetailsCommand)
export class ChangeImageDetailsHandler implements ICommandHandler<ChangeImageDetailsCommand, ImageAssetRecord> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ context, imageId, changes }: ChangeImageDetailsCommand): Promise<ImageAssetRecord> {
    if (!isImageId(imageId)) throw new DomainException(domainError('IMAGE_NOT_FOUND'));
    const result = await this.executor.execute({
      streamId: imageStreamId(imageId),
      streamType: IMAGE_STREAM_TYPE,
      decider: imageDecider,
      command: { type: 'ChangeImageDetails', data: { imageId, changes, now: new Date().toISOString() } },
      context,
    });
    if (!result.ok) throw new DomainException(result.error);
    if (result.state.status !== 'active') throw new Error(`image ${imageId} is not active after a change`);
    return imageAssetRecord(result.state.image);
  }
}
