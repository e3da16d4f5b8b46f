import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { domainError } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { DomainException } from '../infrastructure/http/domain-exception';
import { IMMUTABLE_CACHE_CONTROL } from '../infrastructure/http/static-assets';
import { SiteRenderer } from './site-renderer';

/** An icon may change with the theme: browsers keep it a day. */
const ICON_CACHE_CONTROL = 'public, max-age=86400';

/**
 * The theme's own files: its stylesheet as one cacheable file (pages link it by content hash
 * instead of inlining 40 KB of the same CSS in every page) and the site icon.
 */
@Controller()
export class ThemeAssetsController {
  private pngIcon: Promise<Buffer> | null = null;

  constructor(private readonly renderer: SiteRenderer) {}

  @Get('static/theme/:file')
  stylesheet(@Param('file') file: string, @Res() res: FastifyReply): void {
    const { hash, css } = this.renderer.stylesheet();
    if (file !== `site.${hash}.css`) throw new DomainException(domainError('NOT_FOUND'));
    res.header('Cache-Control', IMMUTABLE_CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff').type('text/css; charset=utf-8').send(css);
  }

  @Get('favicon.svg')
  @Header('Cache-Control', ICON_CACHE_CONTROL)
  @Header('Content-Type', 'image/svg+xml')
  faviconSvg(): string {
    return this.renderer.favicon();
  }

  /** For clients that ask for /favicon.ico without reading the page: the icon as a 48 px PNG. */
  @Get('favicon.ico')
  async faviconIco(@Res() res: FastifyReply): Promise<void> {
    this.pngIcon ??= sharp(Buffer.from(this.renderer.favicon())).resize(48, 48).png().toBuffer().catch((error: unknown) => {
      this.pngIcon = null;
      throw error;
    });
    res.header('Cache-Control', ICON_CACHE_CONTROL).type('image/png').send(await this.pngIcon);
  }
}
