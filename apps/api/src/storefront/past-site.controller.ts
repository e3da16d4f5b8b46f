import { Controller, Get, HttpStatus, Inject, Logger, Param, Query, Res } from '@nestjs/common';
import { domainError, ERROR_MESSAGES } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException } from '../infrastructure/http/domain-exception';
import { pathOf, Req, type AppRequest } from '../infrastructure/http/request-context';
import { RequiresPermission } from '../security';
import { newNonce, publishedPagePolicy } from '../security/content-security-policy';
import { PastSite } from './past-site';
import type { Visitor } from './page-context-builder';
import { SiteRenderer } from './site-renderer';

const PREFIX = '/config/preview/at/';
const MAX_PATH = 500;

/**
 * GET /config/preview/at/{time}/{path} (issue 12): a published page as it was at `time` (ISO 8601,
 * e.g. 2026-05-01T10:00:00Z), rendered from the log by the live site's projections and theme
 * (PastSite). Signed-in owners only, never cached or indexed; `?format=json` answers the context the
 * templates saw, as on the live site. The page is shown as its owner sees the live one (locked and
 * members-only pages open). Its links lead to the live site.
 */
@Controller('config/preview/at')
@RequiresPermission('site.view')
export class PastSiteController {
  private readonly logger = new Logger('PastSite');

  constructor(
    private readonly past: PastSite,
    private readonly renderer: SiteRenderer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':at')
  home(@Req() req: AppRequest, @Res() res: FastifyReply, @Param('at') at: string, @Query() query: Record<string, unknown>): Promise<void> {
    return this.render(req, res, moment(at), '/', query);
  }

  @Get(':at/*')
  page(@Req() req: AppRequest, @Res() res: FastifyReply, @Param('at') at: string, @Query() query: Record<string, unknown>): Promise<void> {
    return this.render(req, res, moment(at), pagePath(req), query);
  }

  private async render(req: AppRequest, res: FastifyReply, at: Date, path: string, query: Record<string, unknown>): Promise<void> {
    const json = query.format === 'json';
    const visitor: Visitor = { baseUrl: this.config.siteUrl, hasCart: false, roles: req.state.owner?.roles ?? [], owner: Boolean(req.state.owner), isUnlocked: async () => true };
    const { outcome, timings } = await this.past.pageAt(at, path, query, visitor, { json });
    this.logger.debug(`${path} at ${at.toISOString()}: ${timings.events} events, read ${timings.read.toFixed(0)} ms, projected ${timings.project.toFixed(0)} ms, built ${timings.build.toFixed(0)} ms`);
    res.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex');
    if (outcome.kind === 'redirect') {
      return void res.redirect(`${PREFIX}${encodeURIComponent(at.toISOString())}${outcome.location}`, HttpStatus.FOUND);
    }
    const now = at.getTime();
    res.status(outcome.status);
    if (json) {
      res.type('application/json; charset=utf-8').send(JSON.stringify(this.renderer.templateContext(outcome.context, now)));
      return;
    }
    let html: string;
    try {
      html = this.renderer.render(outcome.context, now)?.html ?? '';
    } catch (error) {
      this.logger.error(`Rendering ${path} at ${at.toISOString()} failed: ${error instanceof Error ? error.stack : String(error)}`);
      html = '';
    }
    if (!html) html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${ERROR_MESSAGES.INTERNAL}</title></head><body><main><h1>${ERROR_MESSAGES.INTERNAL}</h1></main></body></html>`;
    const nonce = newNonce();
    res.header('Content-Security-Policy', publishedPagePolicy(nonce)).type('text/html; charset=utf-8').send(SiteRenderer.withNonce(html, nonce));
  }
}

/** The years a moment may fall in (the log's timestamps are well inside; PostgreSQL refuses year 0). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

/** The moment asked for: an ISO 8601 time (a date alone is its start, UTC). */
function moment(raw: string): Date {
  const at = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) ? new Date(raw) : new Date(NaN);
  if (!(at.getTime() >= EARLIEST && at.getTime() <= LATEST)) {
    throw new DomainException(domainError('INVALID_REQUEST', { field: 'at' }, 'The moment must be an ISO 8601 time, e.g. 2026-05-01T10:00:00Z.'));
  }
  return at;
}

/** The published path after the moment: `/config/preview/at/{time}/about` → `/about`. */
function pagePath(req: AppRequest): string {
  const full = pathOf(req);
  const rest = full.slice(PREFIX.length);
  const slash = rest.indexOf('/');
  const path = slash < 0 ? '/' : rest.slice(slash) || '/';
  return path.length > MAX_PATH ? path.slice(0, MAX_PATH) : path;
}
