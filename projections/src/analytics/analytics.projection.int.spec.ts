import type { OrderPlaced, ReportQuery } from '@storefront/domain';
import { describeEachDriver } from '@storefront/eventstore/testing';
import { appendTo, appendVisits, visits as v, type Hit } from '../../testing/analytics-visits';
import { useProjectionHarness } from '../../testing/projection-harness';
import { analyticsProjection } from './analytics.projection';
import { readReport } from './analytics-reports';
import { listDayPartitions } from './partitions';

/**
 * The analytics projection and its reports from a scripted day of visits, add-to-carts, orders,
 * carts, forms, buttons, web vitals and errors; every number below is computed by hand (see the
 * comments), in the website's time zone (America/New_York).
 */
const DAY = '2026-11-20';
const at = (hhmm: string, day = DAY) => `${day}T${hhmm}:00.000Z`;
const q = (over: Partial<ReportQuery> = {}): ReportQuery => ({ from: DAY, to: DAY, granularity: 'day', timeZone: 'America/New_York', compare: false, ...over });

function order(orderId: string, lines: [string, string, number, number][], extra: Partial<OrderPlaced['data']> = {}): OrderPlaced {
  const lineTotals = lines.reduce((n, [, , qty, price]) => n + qty * price, 0);
  return {
    type: 'OrderPlaced',
    data: {
      orderId, cartId: `cart-${orderId}`, websiteId: 'w1', customerEmail: 'c@example.com', currency: 'USD',
      lines: lines.map(([itemId, productName, quantity, price], i) => ({
        entryId: `e${i}`, itemId, sku: `${itemId}-sku`, productName, productType: 'PHYSICAL', attributes: {}, quantity, unitPriceCents: price, lineTotalCents: quantity * price,
      })),
      subtotalCents: lineTotals, taxCents: 0, shippingCents: 500, discountCents: 0, grandTotalCents: lineTotals + 500, testMode: false,
      payment: { provider: 'test', paymentId: `pay-${orderId}`, testMode: false }, placedAt: at('15:30'), ...extra,
    },
  };
}

describeEachDriver('analytics projection and reports', (driver) => {
  const h = useProjectionHarness(driver, () => [analyticsProjection]);

  beforeAll(async () => {
    await appendTo(h.store, 'website', 'website', [
      { type: 'WebsiteCreated', data: { websiteId: 'w1', title: 'Clay', currency: 'USD', timeZone: 'America/New_York', createdAt: at('10:00', '2026-11-01') } },
    ]);
    const V1: Hit = { at: at('15:00'), visitorId: 'A', visitId: 'V1', path: '/' };
    const V2: Hit = { at: at('15:05'), visitorId: 'B', visitId: 'V2', path: '/shop/p1' };
    const V3: Hit = { at: at('16:00'), visitorId: 'C', visitId: 'V3', path: '/' };
    const V4: Hit = { at: at('18:00'), visitorId: 'A', visitId: 'V4', path: '/' };
    // 02:00 UTC on the 21st is 21:00 on the 20th in New York.
    const V5: Hit = { at: '2026-11-21T02:00:00.000Z', visitorId: 'D', visitId: 'V5', path: '/blog' };
    // Two ingestion batches, the visits interleaved as they would arrive.
    await appendVisits(h.store, [
      v.view(V1, { referrerHost: 'google.com', newVisit: true, newVisitor: true }),
      v.view(V2, { referrerHost: null, pageType: 50, pageKind: 'product-details', itemId: 'p1', title: 'Mug' }),
      v.product({ ...V1, path: '/shop/p1' }, 'p1', { title: 'Mug' }),
      v.addToCart({ ...V1, path: '/shop/p1' }, 'p1', 'Mug', 'c1'),
      v.addToCart(V2, 'p1', 'Mug', 'c2'),
      v.view(V3, { referrerHost: 'google.com' }),
      v.button(V1, 'render', 'b1', 'Shop now'),
    ]);
    await appendVisits(h.store, [
      v.checkout(V1),
      v.orderConfirmed({ ...V1, path: '/commerce/orders/o1/confirmed' }, 'o1', 4000),
      v.product({ ...V3, path: '/shop/p2' }, 'p2', { title: 'Bowl' }),
      v.view(V4),
      v.checkout(V4), // checkout without a product view: counts at 'visits' only
      v.view(V5, { referrerHost: 'news.example' }),
      ...Array.from({ length: 9 }, () => v.button(V3, 'render', 'b1', 'Shop now')),
      ...Array.from({ length: 3 }, () => v.button(V3, 'click', 'b1', 'Shop now')),
      ...Array.from({ length: 4 }, () => v.formRender(V3, 'f1')),
      v.vitals(at('15:01'), '/', { lcp: 1000, cls: 0.05 }),
      v.vitals(at('15:02'), '/', { lcp: 2000, cls: 0.12 }),
      v.vitals(at('15:03'), '/', { lcp: 2600, cls: 0.3, inp: 120 }),
      v.vitals(at('15:04'), '/', { lcp: 3000, cls: 0.01 }),
      v.errors(at('15:06'), '/', [{ message: 'TypeError: x is undefined' }, { message: 'ReferenceError: y' }]),
      v.errors(at('15:07'), '/shop/p1', [{ message: 'TypeError: x is undefined' }]),
    ]);
    await appendTo(h.store, 'order-o1', 'order', [order('o1', [['p1', 'Mug', 2, 1500], ['p3', 'Plate', 1, 500]])]);
    await appendTo(h.store, 'order-o2', 'order', [order('o2', [['p1', 'Mug', 5, 1500]], { testMode: true })]);
    await appendTo(h.store, 'order-o3', 'order', [
      order('o3', [['p2', 'Bowl', 1, 1000]]),
      { type: 'OrderCancelled', data: { orderId: 'o3', reason: 'customer', cancelledAt: at('17:00') } },
    ]);
    const added = (cartId: string, entryId: string, quantity: number, addedAt: string) => ({
      type: 'CartEntryAdded' as const,
      data: { cartId, entryId, itemId: 'p1', sku: 'p1-sku', attributes: {}, title: 'Mug', productType: 'PHYSICAL' as const, quantity, unitPriceCents: 1500, currency: 'USD', additionalFields: null, addedAt },
    });
    await appendTo(h.store, 'cart-c1', 'cart', [
      { type: 'ShoppingCartOpened', data: { cartId: 'c1', websiteId: 'w1', currency: 'USD', openedAt: at('15:02') } },
      added('c1', 'e1', 2, at('15:03')),
      { type: 'ShoppingCartPurchased', data: { cartId: 'c1', orderId: 'o1', purchasedAt: at('15:30') } },
    ]);
    await appendTo(h.store, 'cart-c2', 'cart', [
      added('c2', 'e1', 1, at('15:06')),
      { type: 'CartEntryQuantityIncreased', data: { cartId: 'c2', entryId: 'e1', quantity: 1, addedAt: at('15:10') } },
    ]);
    await appendTo(h.store, 'cart-c3', 'cart', [
      added('c3', 'e1', 1, at('15:06')),
      { type: 'CartEntryRemoved', data: { cartId: 'c3', entryId: 'e1', removedAt: at('15:07') } },
    ]);
    await appendTo(h.store, 'form-f1', 'form', [
      { type: 'FormCreated', data: { formId: 'f1', definition: { id: 'f1', name: 'Contact us', kind: 'form', fields: [] } as never, at: at('10:00', '2026-11-01') } },
      {
        type: 'FormSubmitted',
        data: { submissionId: 's1', formId: 'f1', kind: 'form' as never, formVersion: 1, values: {}, page: {}, visitorId: 'C', at: at('16:05') },
      },
    ]);
    await h.runner.catchUp();
  });

  it('counts traffic per day in New York time: a hit at 02:00 UTC belongs to the day before', async () => {
    const r = await readReport(h.db, 'traffic', q());
    // Visits V1..V5; visitors A, B, C, D (A twice); page views 3 + 1 + 2 + 2 + 1.
    expect(r.current).toEqual({ from: DAY, to: DAY, totals: { visits: 5, visitors: 4, pageViews: 9 }, series: [{ bucket: DAY, visits: 5, visitors: 4, pageViews: 9 }] });
    expect((await readReport(h.db, 'traffic', q({ from: '2026-11-21', to: '2026-11-21' }))).current.totals).toEqual({ visits: 0, visitors: 0, pageViews: 0 });
    // The raw row keeps its UTC day: its partition is the 21st's.
    const { rows } = await h.db.query<{ day: string }>(`select day from analytics_page_views where visit_id = 'V5'`);
    expect(rows).toEqual([{ day: '2026-11-21' }]);
  });

  it('answers the funnel, sources and content from the rollups', async () => {
    const funnel = await readReport(h.db, 'funnel', q());
    // visits 5; viewed a product V1 V2 V3; added to cart V1 V2; checkout V1 (V4 skipped the product); purchased V1.
    expect(funnel.current.steps).toEqual([
      { step: 'visits', visits: 5, ofFirst: 1, ofPrevious: null },
      { step: 'viewedProduct', visits: 3, ofFirst: 0.6, ofPrevious: 0.6 },
      { step: 'addedToCart', visits: 2, ofFirst: 0.4, ofPrevious: 2 / 3 },
      { step: 'startedCheckout', visits: 1, ofFirst: 0.2, ofPrevious: 0.5 },
      { step: 'purchased', visits: 1, ofFirst: 0.2, ofPrevious: 1 },
    ]);
    expect((await readReport(h.db, 'sources', q())).current.rows).toEqual([
      { source: '(direct)', visits: 2, visitors: 2 },
      { source: 'google.com', visits: 2, visitors: 2 },
      { source: 'news.example', visits: 1, visitors: 1 },
    ]);
    expect((await readReport(h.db, 'content', q())).current.rows).toEqual([
      { path: '/', title: 'Title of /', pageViews: 3, visitors: 2 },
      { path: '/checkout', title: 'Checkout', pageViews: 2, visitors: 1 },
      { path: '/shop/p1', title: 'Mug', pageViews: 2, visitors: 2 },
      { path: '/blog', title: 'Title of /blog', pageViews: 1, visitors: 1 },
      { path: '/shop/p2', title: 'Bowl', pageViews: 1, visitors: 1 },
    ]);
  });

  it('counts sales from live orders only (test mode and cancelled left out) and products with conversion', async () => {
    const sales = await readReport(h.db, 'sales', q());
    expect(sales.current).toMatchObject({ currency: 'USD', totals: { revenue: 4000, orders: 1, averageOrderValue: 4000 }, series: [{ bucket: DAY, revenue: 4000, orders: 1 }] });
    expect((await readReport(h.db, 'products', q())).current.rows).toEqual([
      { productId: 'p1', name: 'Mug', views: 2, addsToCart: 2, orders: 1, units: 2, revenue: 3000, conversion: 0.5 },
      { productId: 'p3', name: 'Plate', views: 0, addsToCart: 0, orders: 1, units: 1, revenue: 500, conversion: null },
      { productId: 'p2', name: 'Bowl', views: 1, addsToCart: 0, orders: 0, units: 0, revenue: 0, conversion: 0 },
    ]);
  });

  it('answers abandoned carts, conversions, web vitals at p75 and errors', async () => {
    const carts = await readReport(h.db, 'abandoned-carts', q());
    // c1 bought, c2 two mugs idle since 15:10, c3 emptied (not a cart with entries).
    expect(carts.current).toMatchObject({
      abandonedAfterHours: 1, totals: { carts: 2, abandoned: 1, abandonedValue: 3000, rate: 0.5 },
      rows: [{ cartId: 'c2', lastActivity: at('15:10'), quantity: 2, value: 3000 }],
    });
    const conversions = await readReport(h.db, 'conversions', q());
    expect(conversions.current.forms).toEqual([{ formId: 'f1', name: 'Contact us', renders: 4, submissions: 1, rate: 0.25 }]);
    expect(conversions.current.buttons).toEqual([{ buttonId: 'b1', label: 'Shop now', renders: 10, clicks: 3, rate: 0.3 }]);
    // LCP 1000 2000 2600 3000: the 3rd of 4 is 2600, in the bucket (2500, 2750] (needs improvement);
    // CLS .01 .05 .12 .3: 0.12, bucket (0.1, 0.125]; INP one sample 120, bucket (100, 125] (good).
    expect((await readReport(h.db, 'web-vitals', q())).current.rows).toEqual([
      { path: '/', samples: 4, metrics: { lcp: { p75: 2750, rating: 'needs-improvement' }, cls: { p75: 0.125, rating: 'needs-improvement' }, inp: { p75: 125, rating: 'good' } } },
    ]);
    const errors = await readReport(h.db, 'errors', q());
    expect(errors.current.totals).toEqual({ reports: 3 });
    expect(errors.current.rows).toEqual([
      { message: 'TypeError: x is undefined', source: 'app.js', count: 2, pages: 2, lastSeen: at('15:07') },
      { message: 'ReferenceError: y', source: 'app.js', count: 1, pages: 1, lastSeen: at('15:06') },
    ]);
  });

  it('compares with the previous period and buckets by week and month', async () => {
    await appendVisits(h.store, [v.view({ at: at('14:00', '2026-11-23'), visitorId: 'E', visitId: 'V6', path: '/' })]);
    await h.runner.catchUp();
    const r = await readReport(h.db, 'traffic', q({ from: '2026-11-21', to: '2026-11-23', compare: true }));
    expect(r.current.totals).toEqual({ visits: 1, visitors: 1, pageViews: 1 });
    expect(r.previous).toMatchObject({ from: '2026-11-18', to: '2026-11-20', totals: { visits: 5, visitors: 4, pageViews: 9 } });
    // 2026-11-20 is a Friday: weeks start on Monday the 16th and 23rd; the first bucket starts at `from`.
    const weekly = await readReport(h.db, 'traffic', q({ from: '2026-11-18', to: '2026-12-01', granularity: 'week' }));
    expect(weekly.current.series.map((b) => [b.bucket, b.visits])).toEqual([['2026-11-18', 5], ['2026-11-23', 1], ['2026-11-30', 0]]);
    const monthly = await readReport(h.db, 'traffic', q({ from: '2026-10-15', to: '2026-11-30', granularity: 'month' }));
    expect(monthly.current.series.map((b) => [b.bucket, b.visits])).toEqual([['2026-10-15', 0], ['2026-11-01', 6]]);
  });

  it('creates a partition per UTC day for raw rows and a monthly one for the visit sets', async () => {
    const partitions = await listDayPartitions(h.db, 'analytics_page_views__g1');
    expect(partitions.map((p) => p.day)).toEqual(['2026-11-20', '2026-11-21', '2026-11-23']);
    const { rows } = await h.db.query<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'analytics_day_visits__g1'::regclass`,
    );
    expect(rows.map((r) => r.name)).toEqual(['analytics_day_visits__g1_m202611']);
  });

  it('buckets later hits in a new time zone, leaving earlier days as they were', async () => {
    await appendTo(h.store, 'website', 'website', [{ type: 'WebsiteSettingsChanged', data: { changes: { timeZone: 'UTC' }, changedAt: at('00:00', '2026-11-25') } }]);
    await appendVisits(h.store, [v.view({ at: '2026-11-26T02:00:00.000Z', visitorId: 'F', visitId: 'V7', path: '/' })]);
    await h.runner.catchUp();
    const r = await readReport(h.db, 'traffic', q({ from: '2026-11-20', to: '2026-11-26' }));
    expect(r.current.series.filter((b) => b.visits > 0).map((b) => [b.bucket, b.visits])).toEqual([[DAY, 5], ['2026-11-23', 1], ['2026-11-26', 1]]);
  });

  it('keeps every column of each kind of commerce row, whichever kind comes first in a batch', async () => {
    // One batch holds both adds to cart (first) and the order confirmation: each raw row has its own columns.
    const { rows } = await h.db.query(
      `select type, cart_id, item_id, order_id, grand_total::int as grand_total, currency, test_mode
       from analytics_commerce_events where visit_id in ('V1', 'V2') order by type, cart_id`,
    );
    expect(rows).toEqual([
      { type: 'OrderConfirmedTracked', cart_id: null, item_id: null, order_id: 'o1', grand_total: 4000, currency: 'USD', test_mode: false },
      { type: 'ProductAddedToCartTracked', cart_id: 'c1', item_id: 'p1', order_id: null, grand_total: null, currency: null, test_mode: null },
      { type: 'ProductAddedToCartTracked', cart_id: 'c2', item_id: 'p1', order_id: null, grand_total: null, currency: null, test_mode: null },
    ]);
  });

  it('stores a hit that comes twice once in its raw table (the COPY gives way to an insert that skips its key)', async () => {
    const again = v.view({ at: at('12:00', '2026-11-27'), visitorId: 'G', visitId: 'V8', path: '/again' });
    await appendVisits(h.store, [again]);
    await h.runner.catchUp();
    await appendVisits(h.store, [again, v.view({ at: at('12:01', '2026-11-27'), visitorId: 'G', visitId: 'V8', path: '/again' })]);
    await h.runner.catchUp();
    expect((await h.db.query(`select count(*)::int as n from analytics_page_views where visit_id = 'V8'`)).rows).toEqual([{ n: 2 }]);
    expect((await h.db.query(`select rows::int from analytics_raw_days where day = '2026-11-27' and raw_table = 'analytics_page_views'`)).rows).toEqual([{ rows: 2 }]);
    const [status] = await h.runner.status();
    expect(status).toMatchObject({ lag: 0, deadLetters: 0 });
  });

  it('rebuilds from the log to identical reports, and verify passes', async () => {
    const names = ['traffic', 'sources', 'content', 'sales', 'products', 'funnel', 'abandoned-carts', 'conversions', 'web-vitals', 'errors'] as const;
    const query = q({ from: '2026-11-01', to: '2026-11-30', compare: true });
    const before = await Promise.all(names.map((n) => readReport(h.db, n, query)));
    const [verified] = await h.runner.verify(['analytics']);
    expect(verified.problems).toEqual([]);
    await h.runner.rebuild('analytics');
    const after = await Promise.all(names.map((n) => readReport(h.db, n, query)));
    expect(after).toEqual(before);
    const [again] = await h.runner.verify(['analytics']);
    expect(again.problems).toEqual([]);
  });
});
