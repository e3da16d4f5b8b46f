/**
 * The tracker script (issue 16, docs/ANALYTICS.md 'Tracker'): on every published page, plain
 * TypeScript in a bundle of its own (vite.tracker.config.ts, at most 3 KB gzipped). It reads what
 * the page tells it (`siteContext.tracking`), decides with the domain's rules whether anything is
 * tracked, keeps the census cookies, and sends the page view, commerce events, button and form
 * renders, web vitals and JavaScript errors. Islands never import it: they dispatch
 * `storefront:track` DOM events on `document` that it listens to.
 */
import {
  CENSUS_COOKIE, CENSUS_COOKIE_MAX_AGE_SECONDS, nextVisitCookies, PERFORMANCE_COOKIES, TIMING_COOKIE, TIMING_COOKIE_MAX_AGE_SECONDS,
} from '@storefront/domain/analytics/census-cookie';
import { allowsPerformanceCookies, COOKIE_CONSENT_COOKIE, trackingDecision } from '@storefront/domain/analytics/tracking-rules';
import {
  BEACON_DELAY_MS, TRACK_EVENT, TRACKING_TIMEOUT_MS, type AddToCartTrackDetail, type HitData, type JavascriptErrorReport, type PageTrackingContext,
  type PerformanceRecord, type RecordHitEvent,
} from '@storefront/domain/analytics/wire';
import { errorReporter } from './error-reports';
import { cumulativeLayoutShift, interactionToNextPaint } from './vitals';

/** Order pages whose address carries the order's secret token: never sent. */
const ORDER_PAGES = [202, 206, 211];
const SESSION_KEY = 'ss_sid';
const VITALS_PATH = '/api/1/performance/records';
/** `ss_order_<id>` in localStorage: this browser has reported that order. */
const ORDER_KEY = 'ss_order_';

/** A cookie's value (names here are plain words: no pattern characters). */
const cookie = (name: string): string | undefined => {
  const found = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie);
  return found ? decodeURIComponent(found[1]!) : undefined;
};
const setCookie = (name: string, value: string, maxAge: number) => {
  document.cookie = `${name}=${value};Max-Age=${maxAge};Path=/;SameSite=Lax${location.protocol === 'https:' ? ';Secure' : ''}`;
};
/** 128 random bits in base 36 (letters and digits: a valid census id). */
const randomId = () => Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('');
/** A storage read or write; storage may be switched off (it throws) and then nothing is kept. */
const stored = (storage: 'localStorage' | 'sessionStorage', key: string, value?: string): string | null => {
  try {
    if (value !== undefined) window[storage].setItem(key, value);
    return window[storage].getItem(key);
  } catch {
    return null;
  }
};
/** The owner session's XSRF token: a signed-in viewer's POSTs must echo it (the server refuses them otherwise). */
const xsrf = () => cookie('xsrf_token');

function post(path: string, body: string | URLSearchParams, json = true): void {
  const abort = new AbortController();
  setTimeout(() => abort.abort(), TRACKING_TIMEOUT_MS);
  const headers: Record<string, string> = json ? { 'Content-Type': 'application/json' } : {};
  // A signed-in viewer's session token; a visitor's error reports carry a token all the same (the server asks for one).
  headers['X-XSRF-Token'] = xsrf() || 'anonymous';
  // The timer's abort after an answer came changes nothing (the answer's body is never read).
  // keepalive (the call outlives a page left at once) takes at most 64 KB in flight: an error batch can be larger.
  fetch(path, { method: 'POST', body, headers, signal: abort.signal, keepalive: String(body).length < 6e4 }).catch(() => undefined);
}

function start(t: PageTrackingContext): void {
  const decision = trackingDecision({
    ...t,
    pageType: t.page.pageType,
    path: location.pathname,
    performanceCookiesAllowed: allowsPerformanceCookies(cookie(COOKIE_CONSENT_COOKIE)),
    globalPrivacyControl: (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true,
  });
  if (decision.clearPerformanceCookies) for (const name of PERFORMANCE_COOKIES) setCookie(name, '', 0);
  if (!decision.track) return;

  // The census cookies (SPEC 4), then the session (this tab's; the first page of it is its landing).
  const visit = nextVisitCookies({ census: cookie(CENSUS_COOKIE), timing: cookie(TIMING_COOKIE), now: Date.now(), newId: randomId });
  setCookie(CENSUS_COOKIE, visit.censusValue, CENSUS_COOKIE_MAX_AGE_SECONDS);
  setCookie(TIMING_COOKIE, visit.timingValue, TIMING_COOKIE_MAX_AGE_SECONDS);
  const known = stored('sessionStorage', SESSION_KEY);
  const sessionId = known ?? stored('sessionStorage', SESSION_KEY, randomId()) ?? randomId();
  const pageLoadId = randomId();
  const localStorageSupported = stored('localStorage', 'ss_ls', '1') === '1';
  const { page, census: censusFields } = t;
  const secret = ORDER_PAGES.includes(page.pageType);

  const hit = (): HitData => ({
    ...page, userAgent: navigator.userAgent, clientDate: Date.now(),
    viewportInnerWidth: innerWidth, viewportInnerHeight: innerHeight, screenWidth: screen.width, screenHeight: screen.height,
    url: secret ? location.href.split('?')[0]! : location.href, title: document.title,
    localStorageSupported, queryString: secret ? '' : location.search,
    referrer: document.referrer, pageHash: location.hash || undefined, isFirstLanding: known === null, isFirstSession: visit.newVisitor, sessionId,
  });
  const recordHit = (event: RecordHitEvent, extra: object = {}) =>
    post('/api/census/RecordHit', new URLSearchParams({ event, data: JSON.stringify({ ...hit(), ...extra }), ss_cvr: visit.censusValue }), false);
  const census = (path: string, body: object) => post(`/api/census/${path}`, JSON.stringify({ ...censusFields, sessionId, visitorCookie: visit.censusValue, ...body }));

  recordHit('view');
  if (t.cartId) recordHit('cart-view', { cartId: t.cartId });
  // A confirmed order counts once in this browser (a reload of its page is not a second order).
  if (t.order && !stored('localStorage', ORDER_KEY + t.order.id)) {
    stored('localStorage', ORDER_KEY + t.order.id, '1');
    recordHit('order-confirmed', { order: t.order });
  }

  document.addEventListener(TRACK_EVENT, (e) => {
    const d = (e as CustomEvent<AddToCartTrackDetail>).detail;
    if (d?.event !== 'add-to-cart') return;
    recordHit('add-to-cart', {
      addToCart: {
        website_id: page.websiteId, page_id: page.itemId ?? page.collectionId ?? page.pagePath, cart_id: d.cartId, product_page: d.productPage,
        product: {
          item_id: d.itemId, item_type: d.itemType, item_title: d.itemTitle, item_collection_id: d.collectionId,
          item_collection_name: d.collectionId === page.collectionId ? t.collectionTitle ?? '' : '',
        },
      },
    });
  });

  // Button blocks (data-census-button) and form blocks (data-form): rendered, and buttons clicked.
  for (const a of document.querySelectorAll<HTMLAnchorElement>('[data-census-button]')) {
    const button = { buttonId: a.dataset.censusButton!, label: a.textContent!.trim().slice(0, 200), href: a.href };
    census('button-render', button);
    a.addEventListener('click', () => census('button-click', button));
  }
  for (const form of document.querySelectorAll<HTMLElement>('form[data-form]')) census('form-render', { formId: form.dataset.form });

  // Web vitals: one record a page load, sent 30 s after load or when the page is hidden, whichever comes first.
  const vitals: PerformanceRecord['data'] = { websiteId: page.websiteId, pagePath: page.pagePath, pageType: page.pageType };
  const shifts: { startTime: number; value: number; hadRecentInput: boolean }[] = [];
  const interactions = new Map<number, number>();
  const observe = (type: string, each: (entry: PerformanceEntry & Record<string, number>) => void, options: object = {}) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => each(entry as PerformanceEntry & Record<string, number>))).observe({ type, buffered: true, ...options });
    } catch {
      // A browser without this entry type measures what it can.
    }
  };
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') vitals.fcp = e.startTime;
  });
  observe('largest-contentful-paint', (e) => (vitals.lcp = e.startTime));
  observe('layout-shift', (e) => shifts.push(e as never));
  observe('first-input', (e) => (vitals.fid = e.processingStart - e.startTime));
  observe('event', (e) => {
    if (e.interactionId) interactions.set(e.interactionId, Math.max(interactions.get(e.interactionId) ?? 0, e.duration));
  }, { durationThreshold: 40 });
  let sent = false;
  const sendVitals = () => {
    if (sent) return;
    sent = true;
    vitals.cls = cumulativeLayoutShift(shifts);
    vitals.inp = interactionToNextPaint(interactions);
    const body = JSON.stringify([{ app: 'storefront', event: 'web-vitals', pageLoadId, ts: Date.now(), data: vitals } satisfies PerformanceRecord]);
    // A beacon cannot carry the XSRF header a signed-in viewer's session needs: a keepalive fetch can.
    if (xsrf() || !navigator.sendBeacon(VITALS_PATH, new Blob([body], { type: 'text/plain' }))) post(VITALS_PATH, body, false);
  };
  setTimeout(sendVitals, BEACON_DELAY_MS);
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendVitals();
  });

  // JavaScript errors (SPEC 9 limits, in errorReporter).
  const report = errorReporter((batch) => post('/api/events/RecordJavascriptErrors', JSON.stringify({ websiteId: page.websiteId, pagePath: page.pagePath, pageLoadId, errors: batch } satisfies JavascriptErrorReport)));
  addEventListener('error', (e) => report({ message: e.message, stack: e.error?.stack, source: e.filename || undefined, line: e.lineno, column: e.colno }));
  addEventListener('unhandledrejection', (e) => {
    const reason = e.reason as { message?: unknown; stack?: unknown } | undefined;
    report({ message: reason?.message ?? reason, stack: reason?.stack });
  });
}

try {
  const context = JSON.parse(document.getElementById('site-context')?.textContent || '{}') as { tracking?: PageTrackingContext };
  if (context.tracking) start(context.tracking);
} catch {
  // A page without a readable site context is not tracked.
}
