import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { domainError, ImageDetailsRequest, MAX_IMAGE_BYTES, type ImageAssetRecord, type ImageDetailsChanges } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import { commandContextFor, hasContentType, Req, type AppRequest } from '../infrastructure/http/request-context';
import { parseBody } from '../infrastructure/http/parse-body';
import { RequiresPermission } from '../security';
import { ChangeImageDetailsCommand } from './commands/change-image-details.command';
import { RemoveImageCommand } from './commands/remove-image.command';
import { UploadImageCommand } from './commands/upload-image.command';
import { GetImageQuery } from './queries/get-image.query';
import { ListImagesQuery } from './queries/list-images.query';
import { readBoundedBody, readMultipartUpload, type ReceivedFile } from './upload-body';

const WRONG_BODY = domainError(
  'INVALID_REQUEST',
  { field: 'file' },
  'Send the image as the request body with ?filename=, or as multipart/form-data with the image in the field "file".',
);

/**
 * Owner media API (`media.manage`: editors and store managers; admin always passes). Upload takes the file either
 * as the raw request body (`POST /api/media/images?filename=mug.jpg`, any Content-Type: the format
 * is recognised from the bytes) or as multipart/form-data (field `file`), with optional `altText`,
 * `title`, `body` and `mediaFocalPoint` ('x,y') as query or form fields. Responses are the SPEC
 * Image asset record computed from the image's stream (read-your-writes).
 */
@Controller('api/media/images')
@RequiresPermission('media.manage')
export class MediaController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(): Promise<{ images: ImageAssetRecord[] }> {
    return this.queries.execute(new ListImagesQuery());
  }

  @Get(':imageId')
  get(@Param('imageId') imageId: string): Promise<ImageAssetRecord> {
    return this.queries.execute(new GetImageQuery(imageId));
  }

  @Post()
  @HttpCode(201)
  async upload(@Req() req: AppRequest, @Query() query: Record<string, unknown>): Promise<ImageAssetRecord> {
    let received: ReceivedFile;
    let fields: Record<string, unknown> = {};
    if (req.isMultipart()) {
      const upload = await readMultipartUpload(req, 'file', MAX_IMAGE_BYTES);
      if (!upload.file) throw new DomainException(WRONG_BODY);
      received = upload.file;
      fields = upload.fields;
    } else {
      received = { filename: typeof query.filename === 'string' ? query.filename : '', ...(await this.rawBody(req)) };
    }
    const details = uploadDetails({ ...query, ...fields });
    return this.commands.execute(new UploadImageCommand(commandContextFor(req), received, details));
  }

  @Put(':imageId')
  edit(@Req() req: AppRequest, @Param('imageId') imageId: string, @Body() body: unknown): Promise<ImageAssetRecord> {
    return this.commands.execute(new ChangeImageDetailsCommand(commandContextFor(req), imageId, parseBody(ImageDetailsRequest, body)));
  }

  @Delete(':imageId')
  @HttpCode(204)
  async remove(@Req() req: AppRequest, @Param('imageId') imageId: string): Promise<void> {
    await this.commands.execute(new RemoveImageCommand(commandContextFor(req), imageId));
  }

  /** The raw body, unless a body parser already read it (JSON, form). */
  private rawBody(req: AppRequest) {
    if (req.raw.readableEnded || hasContentType(req, 'application/json', 'application/x-www-form-urlencoded')) {
      throw new DomainException(WRONG_BODY);
    }
    return readBoundedBody(req.raw, MAX_IMAGE_BYTES);
  }
}

/** altText, title, body and mediaFocalPoint ('x,y', as the engine writes data-image-focal-point). */
function uploadDetails(fields: Record<string, unknown>): ImageDetailsChanges {
  const { altText, title, body, mediaFocalPoint } = fields;
  let point: unknown;
  if (mediaFocalPoint !== undefined) {
    const [x, y, ...rest] = typeof mediaFocalPoint === 'string' ? mediaFocalPoint.split(',') : [];
    point = rest.length === 0 ? { x, y } : null;
  }
  return parseBody(ImageDetailsRequest, { altText, title, body, mediaFocalPoint: point });
}
