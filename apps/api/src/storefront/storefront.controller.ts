import { Body, Controller, Get, Header, HttpStatus, Inject, Logger, Post, Query, Res } from '@nestjs/common';
import { domainError } from '@storefront/domain';
import type { Response } from 'express';
import { cartIdFromRequest } from '../cart/cart-cookie';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException } from '../infrastructure/http/domain-exception';
import { Req, type AppRequest } from '../infrastructure/http/request-context';
import { SiteReadModel } from '../site/site-read-model';
import type { PageContext } from '../site/theme';
import { LockedPages } from './locked-pages';
import { PageContextBuilder, type Visitor } from './page-context-builder';
import { SiteRenderer } from './site-renderer';

/** Paths that belong to the API, the assets or the editor, never to a published page. */
const NOT_PUBLISHED = /^\/(api|static|config|healthz)(\/|$)/;
const MAX_PATH = 500;

/**
 * The published site: every other GET path is resolved to a page type and rendered from read
 * models by the theme, or answered with its JSON context when `?format=json` is asked for. A
 * lock screen's form posts the password back to the page's own path.
 */
@Controller()
export class StorefrontController {
  private readonly logger = new Logger('PublishedSite');

  constructor(
    private readonly pages: PageContextBuilder,
    private readonly renderer: SiteRenderer,
    private readonly locks: LockedPages,
    private readonly site: SiteReadModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots(@Req() req: AppRequest): string {
    return ['User-agent: *', 'Disallow: /config', 'Disallow: /api/', 'Disallow: /cart', 'Disallow: /search', `Sitemap: ${baseUrl(req)}/sitemap.xml`, ''].join('\n');
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  async sitemap(@Req() req: AppRequest): Promise<string> {
    const base = baseUrl(req);
    const paths = await this.site.allPublishedPaths();
    const urls = paths.map((p) => {
      const modified = p.lastModified ? `<lastmod>${new Date(p.lastModified).toISOString()}</lastmod>` : '';
      return `  <url><loc>${xmlEscape(base + p.path)}</loc>${modified}</url>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  @Get(['/', '*path'])
  async page(@Req() req: AppRequest, @Res() res: Response, @Query() query: Record<string, unknown>, lockError?: string): Promise<void> {
    const path = publishedPath(req);
    const json = query.format === 'json';
    const visitor = this.visitor(req);
    let status: number;
    let context: PageContext;
    try {
      const outcome = await this.pages.forPath(path, query, visitor, { json });
      if (outcome.kind === 'redirect') return res.redirect(HttpStatus.FOUND, outcome.location);
      ({ status, context } = outcome);
      if (lockError && context.pageType === 103) (context as { lockScreen?: { error?: string } }).lockScreen = { ...(context as { lockScreen?: object }).lockScreen, error: lockError };
    } catch (error) {
      this.logger.error(`Rendering ${path} failed: ${error instanceof Error ? error.stack : String(error)}`);
      status = 500;
      context = await this.pages.errorPage(visitor).catch(() => ({ pageType: 101, website: { siteTitle: 'Clay & Co.' } }) as unknown as PageContext);
    }
    res.status(status).setHeader('Cache-Control', 'no-store');
    const now = Date.now();
    if (json) {
      // The context exactly as the templates see it (with the theme's derived view fields).
      res.type('application/json').send(JSON.stringify(this.renderer.templateContext(context, now)));
      return;
    }
    const rendered = this.safeRender(context, now);
    res.type('text/html; charset=utf-8').send(rendered);
  }

  @Post('*path')
  async unlock(@Req() req: AppRequest, @Res() res: Response, @Body() body: unknown, @Query() query: Record<string, unknown>): Promise<void> {
    const path = publishedPath(req);
    const resolved = await this.site.resolvePath(path);
    const password = typeof body === 'object' && body !== null ? (body as { password?: unknown }).password : undefined;
    if (!resolved || !resolved.collection.passwordProtected) throw new DomainException(domainError('NOT_FOUND'));
    if (await this.locks.unlock(req, res, resolved.collection.id, password, this.config.secureCookies)) {
      res.redirect(HttpStatus.SEE_OTHER, path);
      return;
    }
    await this.page(req, res, query, 'That password is not right. Please try again.');
  }

  private safeRender(context: PageContext, now: number): string {
    try {
      const rendered = this.renderer.render(context, now);
      if (rendered) return rendered.html;
    } catch (error) {
      this.logger.error(`Template rendering failed: ${error instanceof Error ? error.stack : String(error)}`);
    }
    return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1></main></body></html>';
  }

  private visitor(req: AppRequest): Visitor {
    return {
      baseUrl: baseUrl(req),
      hasCart: cartIdFromRequest(req) !== null,
      owner: Boolean(req.state.owner),
      isUnlocked: (collectionId) => this.locks.isUnlocked(req, collectionId),
    };
  }
}

function publishedPath(req: AppRequest): string {
  const path = req.path.length > MAX_PATH ? req.path.slice(0, MAX_PATH) : req.path;
  if (NOT_PUBLISHED.test(path)) throw new DomainException(domainError('NOT_FOUND'));
  return path;
}

function baseUrl(req: AppRequest): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
