/**
 * What the HTTP suites of the store do again and again: sign the test owner in, create a product
 * with stock through the owner API, fill a new visitor's cart, read a variant's stock from its
 * inventory stream.
 */
import { inventoryStreamId } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import type { Server } from 'node:http';
import request from 'supertest';
import { WebsiteDirectory } from '../src/catalog/website-directory';
import { EVENT_STORE, PROJECTION_RUNNER } from '../src/infrastructure/database/tokens';
import type { TestApp } from './test-app';

export const ADD_TO_CART = '/api/commerce/shopping-cart/entries';
/** The owner startTestApp seeds (OWNER_EMAIL / OWNER_PASSWORD). */
export const TEST_ADMIN = { email: 'owner@example.com', password: 'correct horse battery staple' };

export type OwnerSession = { cookie: string; xsrf: string };

/** `name=value` of a cookie the response sets, or undefined. */
export function cookieFrom(res: request.Response, name: string): string | undefined {
  return ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${name}=`));
}

/** The visitor's cart cookie a response sets. */
export const cartCookie = (res: request.Response): string => cookieFrom(res, 'ss_cart')!;

/** Signs an owner in: the session cookie and the XSRF token its writes send. */
export async function signIn(server: Server, credentials: { email: string; password: string } = TEST_ADMIN): Promise<OwnerSession> {
  const res = await request(server).post('/api/config/session').send(credentials);
  expect(res.status).toBe(200);
  return { cookie: cookieFrom(res, 'owner_session')!, xsrf: res.body.xsrfToken };
}

/** The owner API's product collection of the test store. */
export async function ownerProductsPath(t: TestApp): Promise<string> {
  return `/api/content-service/product/1.1/websites/${(await t.app.get(WebsiteDirectory).current()).websiteId}/products`;
}

/** A physical product with one variant and the given stock, applied to the read models; returns its id. */
export async function createStockedProduct(t: TestApp, owner: OwnerSession, title: string, sku: string, qtyInStock: number, priceCents = 1500): Promise<string> {
  const res = await request(t.server).post(await ownerProductsPath(t)).set('Cookie', owner.cookie).set('X-XSRF-Token', owner.xsrf)
    .send({ title, productType: 'PHYSICAL', variants: [{ sku, priceCents, qtyInStock }] });
  expect(res.status).toBe(201);
  await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();
  return res.body.record.id;
}

/** A new visitor's cart holding one line; returns its cookie. */
export async function newCart(server: Server, itemId: string, sku: string, quantity: number): Promise<string> {
  const res = await request(server).post(ADD_TO_CART).send({ itemId, sku, quantity });
  expect(res.status).toBe(200);
  return cartCookie(res);
}

/** A variant's stock as its inventory stream last recorded it. */
export async function variantStock(t: TestApp, productId: string, sku: string): Promise<number> {
  const events = await t.app.get<EventStore>(EVENT_STORE).readStream(inventoryStreamId(productId, sku));
  return (events[events.length - 1]!.data as { qtyInStock: number }).qtyInStock;
}
