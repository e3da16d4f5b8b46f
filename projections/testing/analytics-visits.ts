import { randomUUID } from 'node:crypto';
import {
  VISITS_STREAM_TYPE, visitsStreamId,
  type CartEvent, type FormEvent, type OrderEvent, type PageViewed, type VisitEvent, type WebsiteEvent,
} from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { testCommandContext } from '@storefront/eventstore/testing';

/**
 * Scripted visits for the analytics specs: visit events appended the way ingestion appends them
 * (a batch per stream `visits-{batchId}`), and the order, cart, form and website events beside them.
 */
export type Hit = { at: string; visitorId: string; visitId: string; path: string };

let hits = 0;
const base = (h: Hit) => ({ hitId: `h${++hits}-${randomUUID().slice(0, 8)}`, at: h.at, websiteId: 'w1', visitorId: h.visitorId, visitId: h.visitId, path: h.path });

export const visits = {
  view(h: Hit, extra: Partial<PageViewed['data']> = {}): VisitEvent {
    return {
      type: 'PageViewed',
      data: {
        ...base(h), title: extra.title ?? `Title of ${h.path}`, referrerHost: null, utmSource: null, pageType: 2, pageKind: null, itemId: null, collectionId: null,
        pagePermission: 'public', newVisit: false, newVisitor: false, device: 'desktop', language: 'en', ...extra,
      },
    };
  },
  product(h: Hit, itemId: string, extra: Partial<PageViewed['data']> = {}): VisitEvent {
    return visits.view(h, { pageType: 50, pageKind: 'product-details', itemId, ...extra });
  },
  checkout(h: Hit): VisitEvent {
    return visits.view({ ...h, path: '/checkout' }, { pageType: 201, title: 'Checkout' });
  },
  addToCart(h: Hit, itemId: string, itemTitle: string, cartId: string): VisitEvent {
    return { type: 'ProductAddedToCartTracked', data: { ...base(h), productPage: 'pdp', itemId, itemTitle, collectionId: 'shop', cartId } };
  },
  orderConfirmed(h: Hit, orderId: string, grandTotal: number, testMode = false): VisitEvent {
    return { type: 'OrderConfirmedTracked', data: { ...base(h), orderId, grandTotal, currency: 'USD', testMode } };
  },
  button(h: Hit, action: 'render' | 'click', buttonId: string, label: string): VisitEvent {
    return { type: 'ButtonTracked', data: { ...base(h), action, buttonId, label } };
  },
  formRender(h: Hit, formId: string): VisitEvent {
    return { type: 'FormRenderTracked', data: { ...base(h), formId } };
  },
  vitals(at: string, path: string, metrics: Record<string, number>): VisitEvent {
    return { type: 'WebVitalsRecorded', data: { pageLoadId: randomUUID(), at, websiteId: 'w1', path, pageType: 2, metrics } };
  },
  errors(at: string, path: string, errors: { message: string; source?: string }[]): VisitEvent {
    return {
      type: 'JavascriptErrorsReported',
      data: {
        pageLoadId: randomUUID(), at, websiteId: 'w1', path,
        errors: errors.map((e) => ({ message: e.message, stack: `${e.message}\n    at x (app.js:1:1)`, source: e.source ?? 'app.js', line: 1, column: 1 })),
      },
    };
  },
};

/** Appends visit events as one ingestion batch. */
export async function appendVisits(store: EventStore, events: VisitEvent[]): Promise<void> {
  await store.append(visitsStreamId(randomUUID()), events, { streamType: VISITS_STREAM_TYPE, expectedVersion: 'no_stream', command: testCommandContext() });
}

/** Appends events to a stream of the given type (website, order, cart, form), whatever its version. */
export async function appendTo(store: EventStore, streamId: string, streamType: string, events: (WebsiteEvent | OrderEvent | CartEvent | FormEvent)[]): Promise<void> {
  await store.append(streamId, events, { streamType, expectedVersion: 'any', command: testCommandContext() });
}
