import { Body, Controller, Get, Header, HttpStatus, Inject, Logger, Post, Query, Res } from '@nestjs/common';
import { DEFAULT_WEBSITE_TITLE, domainError, ERROR_MESSAGES, hasPermission, PAGE_TYPES, UnlockPageRequest } from '@storefront/domain';
import { DatabaseUnavailableError } from '@storefront/eventstore';
import type { FastifyReply } from 'fastify';
import { CartCookies, hasCartCookie, SubscriptionCartCookies } from '../cart';
import { CheckoutReceipts } from '../checkout';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sendWithEtag } from '../infrastructure/http/conditional-get';
import { DomainException } from '../infrastructure/http/domain-exception';
import { parseBody } from '../infrastructure/http/parse-body';
import { pathOf, Req, type AppRequest } from '../infrastructure/http/request-context';
import { SiteReadModel } from '../content';
import type { PageContext } from '../theme';
import { LockedPages } from './locked-pages';
import { PageContextBuilder, type Visitor } from './page-context-builder';
import { newNonce, publishedPagePolicy } from '../security/content-security-policy';
import { SiteRenderer } from './site-renderer';
import { trackingContextOf } from './tracking-context';

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
    private readonly cartCookies: CartCookies,
    private readonly receipts: CheckoutReceipts,
    private readonly subscriptionCookies: SubscriptionCartCookies,
  ) {}

  @Get('robots.txt')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  robots(): string {
    return [
      'User-agent: *', 'Disallow: /config', 'Disallow: /api/', 'Disallow: /cart', 'Disallow: /checkout', 'Disallow: /commerce/', 'Disallow: /search',
      `Sitemap: ${this.config.siteUrl}/sitemap.xml`, '',
    ].join('\n');
  }

  @Get('sitemap.xml')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  async sitemap(): Promise<string> {
    const base = this.config.siteUrl;
    const paths = await this.site.allPublishedPaths();
    const urls = paths.map((p) => {
      const modified = p.lastModified ? `<lastmod>${new Date(p.lastModified).toISOString()}</lastmod>` : '';
      return `  <url><loc>${xmlEscape(base + p.path)}</loc>${modified}</url>`;
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  @Get(['/', '*'])
  async page(@Req() req: AppRequest, @Res() res: FastifyReply, @Query() query: Record<string, unknown>, lockError?: string): Promise<void> {
    const path = publishedPath(req);
    const json = query.format === 'json';
    const { visitor, locksConsulted } = this.visitor(req);
    let status: number;
    let context: PageContext;
    let personal = false;
    try {
      const outcome = await this.pages.forPath(path, query, visitor, { json });
      if (outcome.kind === 'redirect') {
        // A redirect for this visitor only (to their order) is never stored by any cache.
        if (outcome.personal) res.header('Cache-Control', 'private, no-store');
        return void res.redirect(outcome.location, HttpStatus.FOUND);
      }
      ({ status, context } = outcome);
      personal = outcome.personal === true;
      if (lockError && context.pageType === PAGE_TYPES.lockScreen) context.lockScreen = { ...context.lockScreen, error: lockError };
    } catch (error) {
      const unavailable = error instanceof DatabaseUnavailableError;
      if (unavailable) this.logger.warn(`Rendering ${path}: database unavailable (${error.message})`);
      else this.logger.error(`Rendering ${path} failed: ${error instanceof Error ? error.stack : String(error)}`);
      status = unavailable ? 503 : 500;
      context = await this.pages.errorPage(visitor).catch((): PageContext => ({ pageType: PAGE_TYPES.error, website: { siteTitle: DEFAULT_WEBSITE_TITLE } }));
    }
    // What the tracker script reads (siteContext.tracking): every page but the fallback error page.
    if (context.siteContext && typeof context.siteContext === 'object') {
      const tracking = trackingContextOf(context, { path, roles: visitor.roles, ...this.config.tracking });
      context = { ...context, siteContext: { ...context.siteContext, tracking } };
    }
    res.status(status).header('Cache-Control', personal ? 'private, no-store' : cacheControlFor(status, visitor, locksConsulted())).header('Vary', 'Cookie');
    const now = Date.now();
    if (json) {
      // The context exactly as the templates see it (with the theme's derived view fields).
      res.type('application/json; charset=utf-8');
      sendWithEtag(req, res, JSON.stringify(this.renderer.templateContext(context, now)));
      return;
    }
    res.type('text/html; charset=utf-8');
    // The ETag is computed without the nonce (a page is as fresh as its content); each response that
    // carries a body gets a fresh random nonce in its CSP and in its own script tags. A 304 carries
    // neither, so the browser keeps the policy it stored with the body it holds.
    const html = this.safeRender(context, now);
    sendWithEtag(req, res, SiteRenderer.withNonce(html, ''), () => {
      const nonce = newNonce();
      res.header('Content-Security-Policy', publishedPagePolicy(nonce));
      return SiteRenderer.withNonce(html, nonce);
    });
  }

  @Post('*')
  async unlock(@Req() req: AppRequest, @Res() res: FastifyReply, @Body() body: unknown, @Query() query: Record<string, unknown>): Promise<void> {
    const path = publishedPath(req);
    const resolved = await this.site.resolvePath(path);
    const password = parseBody(UnlockPageRequest, body);
    if (!resolved || !resolved.collection.passwordProtected) throw new DomainException(domainError('NOT_FOUND'));
    if (await this.locks.unlock(req, res, resolved.collection.id, password, this.config.secureCookies)) {
      res.redirect(sameSitePath(path), HttpStatus.SEE_OTHER);
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
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ERROR_MESSAGES.INTERNAL}</title></head><body><main><h1>${ERROR_MESSAGES.INTERNAL}</h1></main></body></html>`;
  }

  /** The visitor as pages see them, and whether rendering asked about their unlocked pages. */
  private visitor(req: AppRequest): { visitor: Visitor; locksConsulted: () => boolean } {
    let consulted = false;
    const roles = req.state.owner?.roles ?? [];
    const visitor: Visitor = {
      baseUrl: this.config.siteUrl,
      hasCart: hasCartCookie(req),
      cartId: this.cartCookies.cartId(req),
      receiptOrderId: this.receipts.orderId(req),
      subscriptionCartToken: this.subscriptionCookies.cartToken(req),
      roles,
      owner: hasPermission(roles, 'site.view'),
      isUnlocked: (collectionId) => {
        consulted = true;
        return this.locks.isUnlocked(req, collectionId);
      },
    };
    return { visitor, locksConsulted: () => consulted };
  }
}

/**
 * How a published page may be cached. Every page carries an ETag and is revalidated on each use
 * (`no-cache`), so an unchanged page costs a 304 and no bytes. A page that is the same for every
 * anonymous visitor may sit in shared caches; one that shows this visitor's state (their cart, a
 * signed-in owner) only in their own browser; one behind a password or a failure is never stored.
 */
export function cacheControlFor(status: number, visitor: Pick<Visitor, 'hasCart' | 'roles'>, locksConsulted: boolean): string {
  if (status >= 500 || locksConsulted) return 'private, no-store';
  if (visitor.roles.length > 0 || visitor.hasCart) return 'private, no-cache';
  return 'public, no-cache';
}

function publishedPath(req: AppRequest): string {
  const full = pathOf(req);
  const path = full.length > MAX_PATH ? full.slice(0, MAX_PATH) : full;
  if (NOT_PUBLISHED.test(path)) throw new DomainException(domainError('NOT_FOUND'));
  return path;
}

/**
 * A path of this site to redirect to: leading slashes and backslashes become one slash, so a
 * request for `//evil.example/x` (or `/\\evil.example`) never redirects off-site.
 */
export function sameSitePath(path: string): string {
  return `/${path.replace(/^[/\\]+/, '')}`;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
