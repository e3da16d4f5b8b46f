import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { domainError, parseImageFormatQuery, parseOriginalSize, renditionWidth, type ImageDetails } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { DomainException } from '../infrastructure/http/domain-exception';
import { matchesIfNoneMatch } from '../infrastructure/http/conditional-get';
import { headerOf, Req, type AppRequest } from '../infrastructure/http/request-context';
import { ImageAssets } from './image-assets';
import { negotiatesFormat, renderRendition, renditionCacheFormat, renditionFormatFor } from './image-renditions';
import { MediaBlobStore } from './media-blob.store';
import { RenditionCache } from './rendition-cache';

/** A year, and never revalidate: an asset URL's bytes never change (a new upload is a new id). */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

type Served = { etag: string; negotiated?: boolean; load: () => Promise<{ contentType: string; data: Buffer }> };

/**
 * Public image files at their asset URL, `GET /static/images/{id}/{filename}`: the original as
 * uploaded, or with `?format=<w>w` (SPEC widths 100w … 2500w) a rendition that wide, never wider
 * than the original; `?format=original` is the original. SVG is always served rasterised (PNG).
 * Renditions of JPEG, PNG and SVG are WebP for clients whose `Accept` names it (every current
 * browser), with `Vary: Accept` so shared caches keep one copy per encoding; the original as
 * uploaded is never converted. Strong ETags (the content hash, plus width, encoding and pipeline
 * for renditions) answer If-None-Match with 304.
 */
@Controller('static/images')
export class ImageFilesController {
  constructor(
    private readonly assets: ImageAssets,
    private readonly blobs: MediaBlobStore,
    private readonly renditions: RenditionCache,
  ) {}

  @Get(':imageId/:filename')
  async serve(
    @Req() req: AppRequest,
    @Res() res: FastifyReply,
    @Param('imageId') imageId: string,
    @Param('filename') filename: string,
    @Query('format') format: unknown,
  ): Promise<void> {
    const requested = format === undefined ? { kind: 'original' as const } : parseImageFormatQuery(format);
    if (!requested) throw new DomainException(domainError('INVALID_IMAGE_FORMAT', { format }));
    const image = await this.assets.find(imageId);
    if (!image || image.filename !== filename) throw new DomainException(domainError('IMAGE_NOT_FOUND'));
    const originalWidth = parseOriginalSize(image.originalSize)?.width ?? 1;

    const served =
      requested.kind === 'original' && image.format !== 'svg'
        ? this.original(image)
        : this.rendition(image, requested.kind === 'original' ? originalWidth : renditionWidth(requested.width, originalWidth), headerOf(req, 'accept'));

    res.header('ETag', served.etag);
    if (served.negotiated) res.header('Vary', 'Accept');
    res.header('Cache-Control', CACHE_CONTROL);
    res.header('X-Content-Type-Options', 'nosniff');
    // Nothing in an image file may run or load anything, whatever a browser makes of it.
    res.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (matchesIfNoneMatch(headerOf(req, 'if-none-match'), served.etag)) {
      res.status(304).send();
      return;
    }
    const { contentType, data } = await served.load();
    res.status(200).header('Content-Type', contentType).send(data);
  }

  private original(image: ImageDetails): Served {
    return {
      etag: `"${image.contentHash}"`,
      load: async () => {
        const blob = await this.blobs.get(image.contentHash);
        if (!blob) throw new DomainException(domainError('IMAGE_NOT_FOUND'));
        return blob;
      },
    };
  }

  private rendition(image: ImageDetails, width: number, accept: string | undefined): Served {
    const encoding = renditionFormatFor(image.format, accept);
    const format = renditionCacheFormat(encoding);
    return {
      etag: `"${image.contentHash}-${width}w-${format}"`,
      negotiated: negotiatesFormat(image.format),
      load: () =>
        this.renditions.getOrMake(image.contentHash, width, format, async () => {
          const blob = await this.blobs.get(image.contentHash);
          if (!blob) throw new DomainException(domainError('IMAGE_NOT_FOUND'));
          return renderRendition(blob.data, image.format, width, encoding);
        }),
    };
  }
}
