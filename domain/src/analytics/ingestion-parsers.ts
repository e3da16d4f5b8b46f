/**
 * The census endpoints' input (issue 16 part 4, SPEC 3, 5, 7 and 9), parsed at the edge: pure
 * functions from untrusted values (form fields, JSON documents, cookie values) to the typed wire
 * values of `wire.ts`, or the first problem as a domain error (400 INVALID_REQUEST naming the
 * field). Texts that may be long (addresses, titles, referrers, error messages, stacks) are cut to
 * `INGESTION_LIMITS.textChars`; ids and names past their limits are refused.
 *
 * `readCensusCookie` reads `ss_cvr` with the tracker's own parser (census-cookie.ts: SPEC 5's format)
 * and refuses, beyond it, a cookie the tracker could not have made.
 */
import type { DomainError } from '../shared/decider';
import { errorOf, REQUEST_ERROR_MESSAGES } from '../shared/error-catalogue';
import { wellFormed } from '../shared/unicode';
import type { Parsed } from '../shared/requests';
import type {
  AddToCartTracking, ButtonCensus, CensusCookie, CensusPageFields, FormRenderCensus, HitData, JavascriptErrorReport, OrderTracking,
  OverlayCensus, PerformanceRecord, RecordHitData, RecordHitEvent, TrackedPageKind,
} from './wire';
import { TRACKING_LIMITS } from './wire';
import { parseCensusCookie } from './census-cookie';

/** Limits of the census endpoints' input beside SPEC 9's (TRACKING_LIMITS). */
export const INGESTION_LIMITS = {
  /** Addresses, titles, referrers, query strings, error messages and stacks are cut to this many characters. */
  textChars: TRACKING_LIMITS.errorStackChars,
  /** Ids (website, session, item, collection, cart, button, form, page load) and short names. */
  idChars: 200,
  /** A button's label. */
  labelChars: 500,
  /** Performance records in one batch. */
  performanceRecords: 100,
  /** Error reports in one call (SPEC 9: the tracker sends at most 20 per page, 10 queued at a time). */
  errorReports: TRACKING_LIMITS.errorReportsPerPage,
  /** Items of an order's tracking. */
  orderItems: 500,
  /** Census cookie times must fall after this (2000-01-01) and at most a day ahead of the server's clock. */
  earliestTime: Date.UTC(2000, 0, 1),
  clockSkewMs: 24 * 60 * 60 * 1000,
  /** A census cookie's visit count. */
  maxVisitCount: 1_000_000,
  /** Viewport and screen sizes, in CSS pixels. */
  maxPixels: 100_000,
} as const;

const fail = (field: string, message: string): { ok: false; error: DomainError } => ({ ok: false, error: errorOf('INVALID_REQUEST', message, { field }) });

/** Thrown inside a parse and turned into its result at the top: keeps the field checks short. */
class Refusal {
  constructor(readonly field: string, readonly message: string) {}
}
const refuse = (field: string, message: string): never => {
  throw new Refusal(field, message);
};

/** A JSON text field that does not parse (or that the caller's reader refuses): 400 MALFORMED_JSON. */
class MalformedJson {}

function run<T>(parse: () => T): Parsed<T> {
  try {
    return { ok: true, value: parse() };
  } catch (error) {
    if (error instanceof Refusal) return fail(error.field, error.message);
    if (error instanceof MalformedJson) return { ok: false, error: errorOf('MALFORMED_JSON', REQUEST_ERROR_MESSAGES.MALFORMED_JSON, { field: 'data' }) };
    throw error;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function object(value: unknown, field: string): Record<string, unknown> {
  return isObject(value) ? value : refuse(field, `${field} must be a JSON object.`);
}

/** Text cut to `max` characters (never splitting a surrogate pair). */
export function cut(text: string, max: number = INGESTION_LIMITS.textChars): string {
  if (text.length <= max) return text;
  const end = text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return text.slice(0, end);
}

function text(o: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const v = o[name];
  if (v === undefined || v === null) return required ? refuse(name, `${name} is required.`) : undefined;
  return typeof v === 'string' ? cut(wellFormed(v)) : refuse(name, `${name} must be text.`);
}

function id(o: Record<string, unknown>, name: string, required: boolean, max: number = INGESTION_LIMITS.idChars): string | undefined {
  const v = o[name];
  if (v === undefined || v === null || (v === '' && !required)) return required ? refuse(name, `${name} is required.`) : undefined;
  if (typeof v !== 'string' || v.length === 0 || v.length > max) return refuse(name, `${name} must be text of 1 to ${max} characters.`);
  return wellFormed(v);
}

function integer(o: Record<string, unknown>, name: string, required: boolean, min: number, max: number): number | undefined {
  const v = o[name];
  if (v === undefined || v === null) return required ? refuse(name, `${name} is required.`) : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : refuse(name, `${name} must be a whole number from ${min} to ${max}.`);
}

function number(o: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = o[name];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max ? v : refuse(name, `${name} must be a number from ${min} to ${max}.`);
}

function flag(o: Record<string, unknown>, name: string, required: boolean): boolean | undefined {
  const v = o[name];
  if (v === undefined || v === null) return required ? refuse(name, `${name} is required.`) : undefined;
  return typeof v === 'boolean' ? v : refuse(name, `${name} must be true or false.`);
}

function oneOf<const V extends string>(o: Record<string, unknown>, name: string, values: readonly V[]): V {
  const v = o[name];
  return (values as readonly unknown[]).includes(v) ? (v as V) : refuse(name, `${name} must be one of ${values.map((x) => `'${x}'`).join(', ')}.`);
}

/**
 * `ss_cvr` (SPEC 3, 5): `id|firstVisit|previousVisit|latestVisit|visitCount` as the tracker's parser
 * reads it (an id of letters, digits, `-` and `_`, at most 64, then four positive integers without
 * leading zeros). A cookie that cannot be one the tracker made is refused as forged: times before
 * 2000 or more than a day ahead of `now`, the first or previous visit after the latest, a count
 * over a million.
 */
export function readCensusCookie(value: unknown, now: number, field = 'ss_cvr'): Parsed<CensusCookie> {
  if (typeof value !== 'string' || value.length > 200) return fail(field, `${field} must be the census cookie.`);
  const cookie = parseCensusCookie(value);
  if (!cookie) return fail(field, `${field} must be an id followed by four bar-separated positive integers.`);
  const { firstVisit, previousVisit, latestVisit, visitCount } = cookie;
  const latestAllowed = now + INGESTION_LIMITS.clockSkewMs;
  const inRange = (t: number) => t >= INGESTION_LIMITS.earliestTime && t <= latestAllowed;
  if (!inRange(firstVisit) || !inRange(previousVisit) || !inRange(latestVisit) || firstVisit > latestVisit || previousVisit > latestVisit || visitCount > INGESTION_LIMITS.maxVisitCount) {
    return fail(field, `${field} is not a census cookie this site could have set.`);
  }
  return { ok: true, value: cookie };
}

function censusCookie(value: unknown, now: number, field: string): CensusCookie {
  const parsed = readCensusCookie(value, now, field);
  if (!parsed.ok) throw new Refusal(field, parsed.error.message);
  return parsed.value;
}

const PAGE_KINDS: readonly (TrackedPageKind & string)[] = ['product-details', 'product-listing'];

function hitData(o: Record<string, unknown>): HitData {
  const px = (name: string, required: boolean) => integer(o, name, required, 0, INGESTION_LIMITS.maxPixels);
  const pageKind = o.pageKind === null || o.pageKind === undefined ? null : oneOf(o, 'pageKind', PAGE_KINDS);
  const optional = <T>(name: string, value: T | undefined) => (value === undefined ? {} : { [name]: value });
  return {
    websiteId: id(o, 'websiteId', true)!,
    templateId: id(o, 'templateId', false) ?? '',
    website_locale: id(o, 'website_locale', false, 35) ?? '',
    userAgent: text(o, 'userAgent', false) ?? '',
    clientDate: number(o, 'clientDate', 0, Number.MAX_SAFE_INTEGER) ?? 0,
    viewportInnerWidth: px('viewportInnerWidth', true)!,
    viewportInnerHeight: px('viewportInnerHeight', false) ?? 0,
    screenWidth: px('screenWidth', false) ?? 0,
    screenHeight: px('screenHeight', false) ?? 0,
    url: text(o, 'url', true)!,
    title: text(o, 'title', false) ?? '',
    ...optional('itemId', id(o, 'itemId', false)),
    ...optional('recordType', integer(o, 'recordType', false, 0, 10_000)),
    ...optional('collectionId', id(o, 'collectionId', false)),
    localStorageSupported: flag(o, 'localStorageSupported', false) ?? false,
    queryString: text(o, 'queryString', false) ?? '',
    referrer: text(o, 'referrer', false) ?? '',
    pagePath: text(o, 'pagePath', true)!,
    ...optional('pageHash', text(o, 'pageHash', false)),
    ...optional('variantId', id(o, 'variantId', false)),
    ...optional('memberAccountId', id(o, 'memberAccountId', false)),
    ...optional('member_locale', id(o, 'member_locale', false, 35)),
    pageType: integer(o, 'pageType', true, 0, 10_000)!,
    pageKind,
    ...optional('pagePermissionTypeValue', permission(o)),
    isFirstLanding: flag(o, 'isFirstLanding', true)!,
    isFirstSession: flag(o, 'isFirstSession', false) ?? false,
    sessionId: id(o, 'sessionId', true)!,
  } as HitData;
}

/** SPEC 6: the page's permission type, as text (a number is taken as its digits). */
function permission(o: Record<string, unknown>): string | undefined {
  const v = o.pagePermissionTypeValue;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  return id(o, 'pagePermissionTypeValue', false, 50);
}

const MINOR_UNITS = /^-?[0-9]{1,15}$/;
const CURRENCY = /^[A-Z]{3}$/;

function money(v: unknown, field: string): { value: string; currency: string } {
  const o = object(v, field);
  if (typeof o.value !== 'string' || !MINOR_UNITS.test(o.value)) return refuse(field, `${field}.value must be a whole number of minor units, as text.`);
  if (typeof o.currency !== 'string' || !CURRENCY.test(o.currency)) return refuse(field, `${field}.currency must be a three-letter currency code.`);
  return { value: o.value, currency: o.currency };
}

function addToCart(v: unknown): AddToCartTracking {
  const o = object(v, 'addToCart');
  const p = object(o.product, 'addToCart.product');
  return {
    website_id: id(o, 'website_id', true)!,
    page_id: id(o, 'page_id', false) ?? '',
    cart_id: id(o, 'cart_id', true)!,
    product_page: oneOf(o, 'product_page', ['plp', 'pdp', 'add-on', 'product_block']),
    product: {
      item_id: id(p, 'item_id', true)!,
      item_type: id(p, 'item_type', false) ?? '',
      item_title: cut(text(p, 'item_title', false) ?? '', INGESTION_LIMITS.labelChars),
      item_collection_id: id(p, 'item_collection_id', false) ?? '',
      item_collection_name: cut(text(p, 'item_collection_name', false) ?? '', INGESTION_LIMITS.labelChars),
    },
  };
}

function order(v: unknown): OrderTracking {
  const o = object(v, 'order');
  if (!Array.isArray(o.items) || o.items.length > INGESTION_LIMITS.orderItems) return refuse('order.items', `order.items must be a list of at most ${INGESTION_LIMITS.orderItems} items.`);
  const items = o.items.map((raw, i) => {
    const item = object(raw, `order.items[${i}]`);
    return {
      sku: id(item, 'sku', true)!,
      productName: cut(text(item, 'productName', false) ?? '', INGESTION_LIMITS.labelChars),
      quantity: integer(item, 'quantity', true, 1, 1_000_000)!,
      unitPrice: money(item.unitPrice, `order.items[${i}].unitPrice`),
    };
  });
  return {
    id: id(o, 'id', true)!,
    purchasedCartId: id(o, 'purchasedCartId', false) ?? '',
    testMode: flag(o, 'testMode', false) ?? false,
    websiteId: id(o, 'websiteId', true)!,
    items,
    grandTotal: money(o.grandTotal, 'order.grandTotal'),
    shippingTotal: o.shippingTotal === undefined ? { value: '0', currency: money(o.grandTotal, 'order.grandTotal').currency } : money(o.shippingTotal, 'order.shippingTotal'),
    taxTotal: o.taxTotal === undefined ? { value: '0', currency: money(o.grandTotal, 'order.grandTotal').currency } : money(o.taxTotal, 'order.taxTotal'),
  };
}

const HIT_EVENTS: readonly RecordHitEvent[] = ['view', 'add-to-cart', 'cart-view', 'order-confirmed'];

export type ParsedHit = { data: RecordHitData; cookie: CensusCookie };

/**
 * `POST /api/census/RecordHit`'s form fields: `event` (SPEC 1's page view and commerce events),
 * `data` (JSON text of the event's data, at most `maxDataChars`), `ss_cvr` (the census cookie).
 * `parseJson` is the caller's JSON reader (the app's refuses prototype keys).
 */
export function parseRecordHit(fields: unknown, now: number, parseJson: (text: string) => unknown = JSON.parse): Parsed<ParsedHit> {
  return run(() => {
    const form = object(fields, 'body');
    const event = oneOf(form, 'event', HIT_EVENTS);
    if (typeof form.data !== 'string') return refuse('data', 'data must be JSON text.');
    let raw: unknown;
    try {
      raw = parseJson(form.data);
    } catch {
      throw new MalformedJson();
    }
    const o = object(raw, 'data');
    const base = hitData(o);
    const cookie = censusCookie(form.ss_cvr, now, 'ss_cvr');
    switch (event) {
      case 'view':
        return { data: { event, ...base }, cookie };
      case 'add-to-cart':
        return { data: { event, ...base, addToCart: addToCart(o.addToCart) }, cookie };
      case 'cart-view':
        return { data: { event, ...base, cartId: id(o, 'cartId', true)! }, cookie };
      case 'order-confirmed':
        return { data: { event, ...base, order: order(o.order) }, cookie };
    }
  });
}

function pageFields(o: Record<string, unknown>): CensusPageFields {
  const collectionId = id(o, 'collectionId', false);
  const itemId = id(o, 'itemId', false);
  return {
    websiteId: id(o, 'websiteId', true)!,
    pagePath: text(o, 'pagePath', true)!,
    pageType: integer(o, 'pageType', true, 0, 10_000)!,
    ...(collectionId === undefined ? {} : { collectionId }),
    ...(itemId === undefined ? {} : { itemId }),
    sessionId: id(o, 'sessionId', true)!,
  };
}

export type WithCookie<T> = { body: T; cookie: CensusCookie };

/** `POST /api/census/button-click` and `/button-render` (JSON). */
export function parseButtonCensus(body: unknown, now: number): Parsed<WithCookie<ButtonCensus>> {
  return run(() => {
    const o = object(body, 'body');
    const href = text(o, 'href', false);
    const value: ButtonCensus = {
      ...pageFields(o),
      visitorCookie: '',
      buttonId: id(o, 'buttonId', true)!,
      label: cut(text(o, 'label', false) ?? '', INGESTION_LIMITS.labelChars),
      ...(href === undefined ? {} : { href }),
    };
    const cookie = censusCookie(o.visitorCookie, now, 'visitorCookie');
    return { body: { ...value, visitorCookie: o.visitorCookie as string }, cookie };
  });
}

/** `POST /api/census/form-render` (JSON). */
export function parseFormRenderCensus(body: unknown, now: number): Parsed<WithCookie<FormRenderCensus>> {
  return run(() => {
    const o = object(body, 'body');
    const value = { ...pageFields(o), formId: id(o, 'formId', true)! };
    const cookie = censusCookie(o.visitorCookie, now, 'visitorCookie');
    return { body: { ...value, visitorCookie: o.visitorCookie as string }, cookie };
  });
}

/** `POST /api/census/overlay` (JSON): the popup's action, shown, closed or submitted. */
export function parseOverlayCensus(body: unknown, now: number): Parsed<WithCookie<OverlayCensus>> {
  return run(() => {
    const o = object(body, 'body');
    const value = { ...pageFields(o), action: oneOf(o, 'action', ['show', 'close', 'submit']) };
    const cookie = censusCookie(o.visitorCookie, now, 'visitorCookie');
    return { body: { ...value, visitorCookie: o.visitorCookie as string }, cookie };
  });
}

/** `POST /api/census/RecordQuickView/{id}`: the item id of the path. */
export function parseQuickViewItemId(itemId: unknown): Parsed<string> {
  return run(() => id({ itemId }, 'itemId', true)!);
}

const VITALS = ['fcp', 'lcp', 'cls', 'inp', 'fid'] as const;

/**
 * `POST /api/1/performance/records`: a JSON array (sent as text by sendBeacon) of at most
 * `INGESTION_LIMITS.performanceRecords` web-vitals records. Metrics are milliseconds (CLS a score)
 * from 0 to an hour.
 */
export function parsePerformanceRecords(body: unknown): Parsed<PerformanceRecord[]> {
  return run(() => {
    if (!Array.isArray(body) || body.length === 0 || body.length > INGESTION_LIMITS.performanceRecords) {
      return refuse('body', `The body must be a list of 1 to ${INGESTION_LIMITS.performanceRecords} performance records.`);
    }
    return body.map((raw, i): PerformanceRecord => {
      const o = object(raw, `[${i}]`);
      oneOf(o, 'app', ['storefront']);
      oneOf(o, 'event', ['web-vitals']);
      const d = object(o.data, `[${i}].data`);
      const metrics: Partial<Record<(typeof VITALS)[number], number>> = {};
      for (const name of VITALS) {
        const value = number(d, name, 0, name === 'cls' ? 1000 : 3_600_000);
        if (value !== undefined) metrics[name] = value;
      }
      return {
        app: 'storefront',
        event: 'web-vitals',
        pageLoadId: id(o, 'pageLoadId', true)!,
        ts: integer(o, 'ts', true, 0, Number.MAX_SAFE_INTEGER)!,
        data: { websiteId: id(d, 'websiteId', true)!, pagePath: text(d, 'pagePath', true)!, pageType: integer(d, 'pageType', true, 0, 10_000)!, ...metrics },
      };
    });
  });
}

/** `POST /api/events/RecordJavascriptErrors` (JSON): messages and stacks cut to 5000 characters (SPEC 9). */
export function parseJavascriptErrorReport(body: unknown): Parsed<JavascriptErrorReport> {
  return run(() => {
    const o = object(body, 'body');
    if (!Array.isArray(o.errors) || o.errors.length === 0 || o.errors.length > INGESTION_LIMITS.errorReports) {
      return refuse('errors', `errors must be a list of 1 to ${INGESTION_LIMITS.errorReports} reports.`);
    }
    const errors = o.errors.map((raw, i) => {
      const e = object(raw, `errors[${i}]`);
      const source = text(e, 'source', false);
      const line = integer(e, 'line', false, 0, 100_000_000);
      const column = integer(e, 'column', false, 0, 100_000_000);
      return {
        message: text(e, 'message', true)!,
        stack: text(e, 'stack', false) ?? '',
        ...(source === undefined ? {} : { source }),
        ...(line === undefined ? {} : { line }),
        ...(column === undefined ? {} : { column }),
        ts: integer(e, 'ts', true, 0, Number.MAX_SAFE_INTEGER)!,
      };
    });
    return { websiteId: id(o, 'websiteId', true)!, pagePath: text(o, 'pagePath', true)!, pageLoadId: id(o, 'pageLoadId', true)!, errors };
  });
}
