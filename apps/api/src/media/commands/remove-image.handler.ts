import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { domainError, IMAGE_STREAM_TYPE, imageDecider, imageStreamId } from '@storefront/domain';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { isImageId } from '../image-assets';
import { RemoveImageCommand } from './remove-image.command';

/**
 * Removes the image: its URL answers 404 from then on. The stored original stays (the stream's
 * history names it, and another image may share the same bytes).
 */
@CommandHandler(RemoveImageCommand)
export class RemoveImageHandler implements ICommandHandler<RemoveImageCommand, void> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ context, imageId }: RemoveImageCommand): Promise<void> {
    if (!isImageId(imageId)) throw new DomainException(domainError('IMAGE_NOT_FOUND'));
    const result = await this.executor.execute({
      streamId: imageStreamId(imageId),
      streamType: IMAGE_STREAM_TYPE,
      decider: imageDecider,
      command: { type: 'RemoveImage', data: { imageId, now: new Date().toISOString() } },
      context,
    });
    if (!result.ok) throw new DomainException(result.error);
  }
}
