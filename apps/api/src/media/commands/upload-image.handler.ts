import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import {
  checkUploadImage, IMAGE_CONTENT_TYPES, IMAGE_STREAM_TYPE, imageAssetRecord, imageDecider, imageStreamId, MAX_IMAGE_BYTES, sniffImageFormat,
  type ImageAssetRecord, type UploadImage,
} from '@storefront/domain';
import { createHash } from 'node:crypto';
import { derivedUuid } from '../../infrastructure/derived-ids';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { analyseImage } from '../image-analysis';
import { MediaBlobStore } from '../media-blob.store';
import { UploadImageCommand } from './upload-image.command';

/**
 * Looks at the file (format from its bytes, size, colours), checks every rule, and only then
 * stores the bytes under their hash and appends `ImageUploaded`: a refused upload stores nothing.
 * The image id derives from the command id, so a retried request (same Idempotency-Key) lands on
 * the same image. Answers the SPEC Image asset record computed from the stream (read-your-writes).
 */
@CommandHandler(UploadImageCommand)
export class UploadImageHandler implements ICommandHandler<UploadImageCommand, ImageAssetRecord> {
  constructor(
    private readonly executor: CommandExecutor,
    private readonly blobs: MediaBlobStore,
  ) {}

  async execute({ context, file, details, imageId: givenId }: UploadImageCommand): Promise<ImageAssetRecord> {
    const imageId = givenId ?? derivedUuid(context.commandId, 'image');
    const { bytes, byteLength } = file;
    const withinLimit = bytes !== null && byteLength <= MAX_IMAGE_BYTES;
    const format = withinLimit ? sniffImageFormat(bytes) : null;
    const analysis = withinLimit && format ? await analyseImage(bytes, format) : { dimensions: null, colorData: null };
    const command: UploadImage = {
      type: 'UploadImage',
      data: {
        imageId,
        filename: file.filename,
        byteLength,
        format,
        dimensions: analysis.dimensions,
        colorData: analysis.colorData,
        contentHash: withinLimit ? createHash('sha256').update(bytes).digest('hex') : '',
        ...details,
        now: new Date().toISOString(),
      },
    };
    const invalid = checkUploadImage(command);
    if (invalid) throw new DomainException(invalid);

    await this.blobs.put(command.data.contentHash, IMAGE_CONTENT_TYPES[format!], bytes!);
    const result = await this.executor.execute({
      streamId: imageStreamId(imageId), streamType: IMAGE_STREAM_TYPE, decider: imageDecider, command, context,
    });
    if (!result.ok) throw new DomainException(result.error);
    if (result.state.status !== 'active') throw new Error(`image ${imageId} is not active after its upload`);
    return imageAssetRecord(result.state.image);
  }
}
