/**
 * From parsed census input to the visit events ingestion appends (events.ts), pure: who is a bot,
 * the device class, the referrer's host, the campaign source, and each call's event. The
 * identities (`visitorId`, `visitId`) and the time are the caller's: they need the server's
 * secrets and clock.
 */
import type { ParsedHit } from './ingestion-parsers';
import { cut } from './ingestion-parsers';
import type {
  ButtonTracked, DeviceClass, FormRenderTracked, JavascriptErrorsReported, OverlayTracked, QuickViewTracked, VisitEvent, WebVitalsRecorded,
} from './events';
import type { ButtonCensus, FormRenderCensus, JavascriptErrorReport, OverlayCensus, PerformanceRecord } from './wire';

/** SPEC 9: mobile up to 432 px wide; tablets up to 1024 px (the editor's tablet frame); wider is desktop. */
export const DEVICE_BREAKPOINTS = { mobileMaxWidth: 432, tabletMaxWidth: 1024 } as const;

export function deviceClassOf(viewportWidth: number): DeviceClass {
  if (viewportWidth <= DEVICE_BREAKPOINTS.mobileMaxWidth) return 'mobile';
  return viewportWidth <= DEVICE_BREAKPOINTS.tabletMaxWidth ? 'tablet' : 'desktop';
}

/**
 * User agents that are not people: crawlers, link previewers, monitors, HTTP libraries and
 * command-line clients, and headless browsers (unless `countHeadless`, which browser tests set).
 * An empty user agent is a bot too.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrap|fetch|preview|archiver|monitor|uptime|pingdom|lighthouse|pagespeed|gtmetrix|facebookexternalhit|embedly|whatsapp|curl\/|wget\/|httpie|python-|python\/|aiohttp|httpx|java\/|okhttp|apache-httpclient|go-http-client|node-fetch|undici|axios|got \(|libwww|lwp::|ruby|php\/|perl|postman|insomnia|phantomjs|slimerjs|selenium|webdriver|puppeteer|playwright/i;
const HEADLESS = /headless/i;

export function isKnownBot(userAgent: string | undefined, options: { countHeadless?: boolean } = {}): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  if (HEADLESS.test(userAgent)) return !options.countHeadless;
  return BOT_USER_AGENT.test(userAgent);
}

const hostOf = (address: string): string | null => {
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
};
const withoutWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/**
 * The referrer reduced to its host (lower case, at most 253 characters), or null when it is empty,
 * not an http(s) address, or the page's own site (`siteHosts`: the page address's host, and the
 * host the request was sent to; `www.` is ignored on both sides).
 */
export function referrerHostOf(referrer: string, siteHosts: readonly (string | null | undefined)[]): string | null {
  if (referrer === '') return null;
  const host = hostOf(referrer);
  if (host === null || host === '') return null;
  const own = siteHosts.filter((h): h is string => typeof h === 'string' && h !== '').map((h) => withoutWww(h.toLowerCase().replace(/:\d+$/, '')));
  return own.includes(withoutWww(host)) ? null : cut(host, 253);
}

/** The host of a page address (for referrerHostOf), or null. */
export const pageHostOf = hostOf;

/** `utm_source` of the page's query string (at most 200 characters), or null. */
export function utmSourceOf(queryString: string): string | null {
  if (!queryString.includes('utm_source')) return null;
  try {
    const value = new URLSearchParams(queryString.startsWith('?') ? queryString.slice(1) : queryString).get('utm_source');
    return value === null || value.trim() === '' ? null : cut(value.trim(), 200);
  } catch {
    return null;
  }
}

/** What every visit event carries (events.ts `VisitBase`), from the server. */
export type VisitIdentity = { hitId: string; at: string; visitorId: string; visitId: string };

/** The site's context of a hit: its hosts (referrers from them are internal) and the visitor's language. */
export type HitContext = { siteHosts: readonly (string | null | undefined)[]; language: string | null };

/** A RecordHit's event. */
export function hitEventOf(hit: ParsedHit, ids: VisitIdentity, context: HitContext): VisitEvent {
  const d = hit.data;
  const base = { ...ids, websiteId: d.websiteId, path: d.pagePath };
  switch (d.event) {
    case 'view':
      return {
        type: 'PageViewed',
        data: {
          ...base,
          title: d.title,
          referrerHost: referrerHostOf(d.referrer, [...context.siteHosts, pageHostOf(d.url)]),
          utmSource: utmSourceOf(d.queryString),
          pageType: d.pageType,
          pageKind: d.pageKind,
          itemId: d.itemId ?? null,
          collectionId: d.collectionId ?? null,
          pagePermission: d.pagePermissionTypeValue ?? null,
          newVisit: d.isFirstLanding,
          newVisitor: hit.cookie.visitCount === 1,
          device: deviceClassOf(d.viewportInnerWidth),
          language: context.language,
        },
      };
    case 'add-to-cart': {
      const a = d.addToCart;
      return {
        type: 'ProductAddedToCartTracked',
        data: { ...base, productPage: a.product_page, itemId: a.product.item_id, itemTitle: a.product.item_title, collectionId: a.product.item_collection_id, cartId: a.cart_id },
      };
    }
    case 'cart-view':
      return { type: 'CartViewedTracked', data: { ...base, cartId: d.cartId } };
    case 'order-confirmed':
      return {
        type: 'OrderConfirmedTracked',
        data: { ...base, orderId: d.order.id, grandTotal: Number(d.order.grandTotal.value), currency: d.order.grandTotal.currency, testMode: d.order.testMode },
      };
  }
}

export function buttonEventOf(action: 'render' | 'click', body: ButtonCensus, ids: VisitIdentity): ButtonTracked {
  return { type: 'ButtonTracked', data: { ...ids, websiteId: body.websiteId, path: body.pagePath, action, buttonId: body.buttonId, label: body.label } };
}

export function formRenderEventOf(body: FormRenderCensus, ids: VisitIdentity): FormRenderTracked {
  return { type: 'FormRenderTracked', data: { ...ids, websiteId: body.websiteId, path: body.pagePath, formId: body.formId } };
}

export function overlayEventOf(body: OverlayCensus, ids: VisitIdentity): OverlayTracked {
  return { type: 'OverlayTracked', data: { ...ids, websiteId: body.websiteId, path: body.pagePath, action: body.action } };
}

export function quickViewEventOf(itemId: string, websiteId: string, path: string, ids: VisitIdentity): QuickViewTracked {
  return { type: 'QuickViewTracked', data: { ...ids, websiteId, path, itemId } };
}

/** One page load's web vitals (the metrics it sent; a record without any is left out). */
export function webVitalsEventsOf(records: PerformanceRecord[], at: string): WebVitalsRecorded[] {
  return records.flatMap((r): WebVitalsRecorded[] => {
    const { websiteId, pagePath, pageType, ...metrics } = r.data;
    if (Object.keys(metrics).length === 0) return [];
    return [{ type: 'WebVitalsRecorded', data: { pageLoadId: r.pageLoadId, at, websiteId, path: pagePath, pageType, metrics } }];
  });
}

export function javascriptErrorsEventOf(report: JavascriptErrorReport, at: string): JavascriptErrorsReported {
  return {
    type: 'JavascriptErrorsReported',
    data: {
      pageLoadId: report.pageLoadId,
      at,
      websiteId: report.websiteId,
      path: report.pagePath,
      errors: report.errors.map((e) => ({ message: e.message, stack: e.stack, source: e.source ?? null, line: e.line ?? null, column: e.column ?? null })),
    },
  };
}

/** The first language of an Accept-Language header (`en-US`), or null. */
export function languageOf(acceptLanguage: string | undefined): string | null {
  if (!acceptLanguage) return null;
  const first = acceptLanguage.split(',', 1)[0]!.split(';', 1)[0]!.trim();
  return /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8}){0,3}$/.test(first) ? first : null;
}
