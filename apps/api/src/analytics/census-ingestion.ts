import { Inject, Injectable } from '@nestjs/common';
import {
  buttonEventOf, domainError, formRenderEventOf, hitEventOf, isKnownBot, javascriptErrorsEventOf, languageOf, overlayEventOf, parseButtonCensus,
  readCensusCookie, parseFormRenderCensus, parseJavascriptErrorReport, parseOverlayCensus, parsePerformanceRecords, parseQuickViewItemId,
  parseRecordHit, quickViewEventOf, webVitalsEventsOf, type CensusCookie, type CensusPageFields, type Parsed, type VisitEvent, type VisitIdentity,
} from '@storefront/domain';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { WebsiteDirectory } from '../catalog';
import { INGESTION_JSON_TEXT, parseJsonText } from '../infrastructure/http/body-parsers';
import { DomainException } from '../infrastructure/http/domain-exception';
import { headerOf, type AppRequest } from '../infrastructure/http/request-context';
import { valueOrThrow } from '../infrastructure/http/parse-body';
import { Buckets } from '../infrastructure/token-buckets';
import { sessionOf } from '../security';
import { ANALYTICS_SETTINGS, type AnalyticsSettings } from './analytics-settings';
import { VisitAppends } from './visit-appends';
import { VisitorIdentities } from './visitor-identities';

/** The census cookie's name (SPEC 3), read from the request by the quick-view call, which has no body. */
export const CENSUS_COOKIE = 'ss_cvr';
/** The error reports' CSRF header (wire.ts): the app's XSRF header, which the tracker always sends with them. */
export const CSRF_HEADER = 'X-XSRF-Token';
const CSRF_TOKEN = /^[\x21-\x7e]{1,200}$/;

export type ButtonAction = 'render' | 'click';

/** What the census calls learn from the request itself. */
type Client = { address: string; userAgent: string; now: number; bot: boolean };

/**
 * The census calls (SPEC 7, issue 16 part 4): each call is checked against the client's rate limit
 * (429), parsed (400, nothing stored), dropped without a trace when a known bot made it (answered
 * as accepted), given its identities (visitorIdentities: no raw address or cookie id is kept),
 * and appended with the batch it joins (VisitAppends); it resolves once stored.
 */
@Injectable()
export class CensusIngestion {
  private readonly limits: Buckets;

  constructor(
    @Inject(ANALYTICS_SETTINGS) private readonly settings: AnalyticsSettings,
    private readonly identities: VisitorIdentities,
    private readonly appends: VisitAppends,
    private readonly websites: WebsiteDirectory,
  ) {
    this.limits = new Buckets(settings.rateLimit);
  }

  /** RecordHit (form-encoded `event`, `data`, `ss_cvr`). */
  async recordHit(req: AppRequest): Promise<void> {
    const client = this.admit(req);
    const hit = valueOrThrow(parseRecordHit(req.body, client.now, (text) => parseJsonText(text, INGESTION_JSON_TEXT)));
    await this.checkWebsite(hit.data.websiteId);
    if (client.bot) return;
    const ids = await this.identify(client, hit.data.websiteId, hit.cookie);
    const host = headerOf(req, 'host');
    await this.appends.append([hitEventOf(hit, ids, { siteHosts: [host], language: languageOf(headerOf(req, 'accept-language')) })]);
  }

  async button(req: AppRequest, action: ButtonAction): Promise<void> {
    await this.pageCall(req, parseButtonCensus, (body, ids) => buttonEventOf(action, body, ids));
  }

  async formRender(req: AppRequest): Promise<void> {
    await this.pageCall(req, parseFormRenderCensus, formRenderEventOf);
  }

  async overlay(req: AppRequest): Promise<void> {
    await this.pageCall(req, parseOverlayCensus, overlayEventOf);
  }

  /** RecordQuickView/{id}: no body; the census cookie comes with the request, the page from its Referer. */
  async quickView(req: AppRequest, itemId: string): Promise<void> {
    const client = this.admit(req);
    const item = valueOrThrow(parseQuickViewItemId(itemId));
    const cookie = valueOrThrow(readCensusCookie(req.cookies[CENSUS_COOKIE], client.now, CENSUS_COOKIE));
    const { websiteId } = await this.websites.current();
    if (client.bot) return;
    const ids = await this.identify(client, websiteId, cookie);
    await this.appends.append([quickViewEventOf(item, websiteId, refererPath(req), ids)]);
  }

  /** Performance records: a JSON array, as text (sendBeacon) or as JSON. */
  async performance(req: AppRequest): Promise<void> {
    const client = this.admit(req);
    const body = typeof req.body === 'string' ? parseJsonText(req.body, INGESTION_JSON_TEXT) : req.body;
    const records = valueOrThrow(parsePerformanceRecords(body));
    for (const r of records) await this.checkWebsite(r.data.websiteId);
    if (client.bot) return;
    await this.appends.append(webVitalsEventsOf(records, new Date(client.now).toISOString()));
  }

  /**
   * JavaScript error reports (JSON) with the CSRF header: a signed-in visitor (a viewer) sends the
   * session's XSRF token (the `xsrf_token` cookie); a visitor without a session sends any token of
   * 1 to 200 visible characters (the tracker sends `anonymous`). Another site can send neither the
   * header nor a JSON body without a CORS preflight, which this server never grants.
   */
  async javascriptErrors(req: AppRequest): Promise<void> {
    this.checkCsrf(req);
    const client = this.admit(req);
    const report = valueOrThrow(parseJavascriptErrorReport(req.body));
    await this.checkWebsite(report.websiteId);
    if (client.bot) return;
    await this.appends.append([javascriptErrorsEventOf(report, new Date(client.now).toISOString())]);
  }

  private async pageCall<B extends CensusPageFields>(
    req: AppRequest,
    parse: (body: unknown, now: number) => Parsed<{ body: B; cookie: CensusCookie }>,
    eventOf: (body: B, ids: VisitIdentity) => VisitEvent,
  ): Promise<void> {
    const client = this.admit(req);
    const { body, cookie } = valueOrThrow(parse(req.body, client.now));
    await this.checkWebsite(body.websiteId);
    if (client.bot) return;
    const ids = await this.identify(client, body.websiteId, cookie);
    await this.appends.append([eventOf(body, ids)]);
  }

  /**
   * The client of a call (429 past its address's limit). A known bot's call is still checked (bad
   * input is 400 whoever sends it), then accepted and not stored.
   */
  private admit(req: AppRequest): Client {
    if (!this.limits.take(req.ip)) throw new DomainException(domainError('RATE_LIMITED'));
    const userAgent = headerOf(req, 'user-agent') ?? '';
    return { address: req.ip, userAgent, now: Date.now(), bot: isKnownBot(userAgent, { countHeadless: this.settings.countHeadless }) };
  }

  private async identify(client: Client, websiteId: string, cookie: CensusCookie): Promise<VisitIdentity> {
    return {
      hitId: randomUUID(),
      at: new Date(client.now).toISOString(),
      visitorId: await this.identities.visitorId(client.now, websiteId, client.address, client.userAgent),
      visitId: this.identities.visitId(cookie),
    };
  }

  /** Calls name this site's website (one per installation); another id is refused. */
  private async checkWebsite(websiteId: string): Promise<void> {
    const { websiteId: own } = await this.websites.current();
    if (websiteId !== own) throw new DomainException(domainError('INVALID_REQUEST', { field: 'websiteId' }, 'websiteId is not this site’s.'));
  }

  private checkCsrf(req: AppRequest): void {
    const sent = headerOf(req, CSRF_HEADER);
    const session = sessionOf(req);
    const ok = typeof sent === 'string' && (session ? sameText(sent, session.xsrfToken) : CSRF_TOKEN.test(sent));
    if (!ok) throw new DomainException(domainError('XSRF_TOKEN_INVALID'));
  }
}

/** Compared in constant time (through fixed-length digests). */
function sameText(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** The path of the page a call came from (its Referer, when on this site's host), else '/'. */
function refererPath(req: AppRequest): string {
  const referer = headerOf(req, 'referer');
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.host === headerOf(req, 'host') ? url.pathname.slice(0, 5000) : '/';
  } catch {
    return '/';
  }
}
