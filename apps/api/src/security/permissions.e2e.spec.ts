/**
 * Issue 12: the permission table of the domain (`domain/src/accounts/permissions.ts`) is what the
 * server enforces, on every route. The routes come from the app itself (every controller route,
 * checked against Fastify's own route tree), so a new route that declares no permission and is not
 * on the public list below fails here; the expected answers come from the table, so the table and
 * the enforcement cannot drift; docs/PERMISSIONS.md is checked against both.
 *
 * `UPDATE_DOCS=1 NODE_OPTIONS=--experimental-vm-modules npx jest apps/api/src/security/permissions.e2e.spec.ts`
 * rewrites the generated parts of docs/PERMISSIONS.md.
 */
import { hasPermission, OWNER_ROLES, permissionsOf, type OwnerRole } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import type { ProjectionRunner } from '@storefront/projections';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { controllerRoutes, registeredRoutes, type ControllerRoute, type RouteKey } from '../../test/app-routes';
import { permissionMatrix, routeTable, withGeneratedSection, type PublicRoute } from '../../test/permissions-doc';
import { ownerWithRoles } from '../../test/owner-accounts';
import { newCart, signIn, type OwnerSession } from '../../test/store-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { TEST_SHIPPING_ADDRESS } from '../../test/shipping-address';

const DOC = join(__dirname, '../../../../docs/PERMISSIONS.md');

/**
 * The routes anyone may call, and why. Adding one here is a decision: every other route declares
 * `@RequiresPermission` (or `@SignedIn` for the owner's own session).
 */
const PUBLIC_ROUTES: Record<RouteKey, PublicRoute> = {
  'GET /': { why: 'the published site (what each reader may see is ContentAccess’s to say)', extra: 'site.view' },
  'GET /*': { why: 'the published site', extra: 'site.view' },
  'POST /*': { why: 'a lock screen’s password form' },
  'GET /robots.txt': { why: 'the published site' },
  'GET /sitemap.xml': { why: 'the published site (open pages only)' },
  'GET /favicon.ico': { why: 'the theme' },
  'GET /favicon.svg': { why: 'the theme' },
  'GET /static/theme/:file': { why: 'the theme' },
  'GET /static/images/:imageId/:filename': { why: 'image renditions shown on the site' },
  'GET /healthz': { why: 'status for load balancers', extra: 'health.details' },
  'GET /config': { why: 'the owner app’s page (sends to sign-in without a session; its data comes from the owner routes)' },
  'GET /config/*': { why: 'the owner app’s page, at each of its paths' },
  'GET /config/login': { why: 'the sign-in page' },
  'POST /api/config/session': { why: 'sign-in' },
  'DELETE /api/config/session': { why: 'sign-out (nothing to do without a session)' },
  'GET /api/commerce/products/:id': { why: 'a product a visitor may read', extra: 'site.view' },
  'GET /api/commerce/inventory/stock': { why: 'stock shown on product pages' },
  'GET /api/commerce/shopping-cart': { why: 'the visitor’s cart (its signed cookie)' },
  'POST /api/commerce/shopping-cart/entries': { why: 'the visitor’s cart' },
  'PUT /api/commerce/shopping-cart/entries/:entryId/quantity': { why: 'the visitor’s cart' },
  'PUT /api/commerce/shopping-cart/entries/:entryId/additionalFields': { why: 'the visitor’s cart' },
  'DELETE /api/commerce/shopping-cart/entries/:entryId': { why: 'the visitor’s cart' },
  'POST /api/3/commerce/cart/subscription': { why: 'the visitor’s subscription cart' },
  'POST /api/commerce/checkout': { why: 'checkout of the visitor’s cart' },
  'POST /api/commerce/subscription-checkout': { why: 'checkout of the visitor’s subscription cart (its signed cookie)' },
  'GET /api/commerce/orders/:orderId': { why: 'the buyer’s order, with its access token', extra: 'orders.manage' },
  'POST /api/rest/forms/validate/:formId': { why: 'a visitor checking a form’s answers (SPEC 7)' },
  'POST /api/form/FormSubmissionKey': { why: 'a visitor’s single-use form submission key (SPEC 7)' },
  'POST /api/form/SaveFormSubmission': { why: 'a visitor’s form submission, with its key (SPEC 7)' },
  'GET /api/bot-check/altcha/challenge': { why: 'a proof-of-work challenge for a form’s bot check' },
  'POST /api/site-users/account/notifications/restock': { why: 'a visitor’s back-in-stock sign-up (SPEC 7)' },
  'GET /api/site-users/account/notifications/restock/unsubscribe': { why: 'a back-in-stock mail’s unsubscribe link (its signed token)' },
  'POST /api/site-users/account/notifications/restock/unsubscribe': { why: 'a back-in-stock mail’s unsubscribe button (its signed token)' },
  'POST /api/census/RecordHit': { why: 'visitor tracking: a page view or commerce hit (SPEC 7; anonymous, hashed identities)' },
  'POST /api/census/button-click': { why: 'visitor tracking: a button clicked (SPEC 7)' },
  'POST /api/census/button-render': { why: 'visitor tracking: a button shown (SPEC 7)' },
  'POST /api/census/form-render': { why: 'visitor tracking: a form shown (SPEC 7)' },
  'POST /api/census/overlay': { why: 'visitor tracking: a popup overlay shown, closed or submitted (SPEC 7)' },
  'POST /api/census/RecordQuickView/:id': { why: 'visitor tracking: a product quick view (SPEC 7)' },
  'POST /api/1/performance/records': { why: 'visitor tracking: a page’s web vitals (SPEC 7, sendBeacon)' },
  'POST /api/events/RecordJavascriptErrors': { why: 'visitor tracking: a page’s JavaScript errors (SPEC 7, with its CSRF header)' },
};

/** Who calls: anonymous, one account per role, and one with two roles. */
type Principal = 'anonymous' | OwnerRole | 'editor + store manager';
const ROLE_SETS: Record<Exclude<Principal, 'anonymous'>, OwnerRole[]> = {
  ...(Object.fromEntries(OWNER_ROLES.map((role) => [role, [role]])) as Record<OwnerRole, OwnerRole[]>),
  'editor + store manager': ['editor', 'store manager'],
};
const PRINCIPALS: Principal[] = ['anonymous', ...(Object.keys(ROLE_SETS) as Principal[])];
const rolesOf = (who: Principal): OwnerRole[] => (who === 'anonymous' ? [] : ROLE_SETS[who]);

const BUYER = { email: 'buyer@example.com', paymentToken: 'tok_visa', shippingAddress: TEST_SHIPPING_ADDRESS };

describeOnHttpDriver('roles and permissions on every route (issue 12)', (driver) => {
  let t: TestApp;
  let routes: ControllerRoute[];
  const sessions = new Map<Principal, OwnerSession>();

  type Method = 'get' | 'post' | 'put' | 'delete';
  const call = (who: Principal, method: string, url: string) => {
    const req = request(t.server)[method.toLowerCase() as Method](url);
    const session = sessions.get(who);
    return session ? req.set('Cookie', session.cookie).set('X-XSRF-Token', session.xsrf) : req;
  };
  const catchUp = () => t.app.get<ProjectionRunner>(PROJECTION_RUNNER).catchUp();

  beforeAll(async () => {
    t = await startTestApp(driver);
    sessions.set('admin', await signIn(t.server));
    const others = Object.entries(ROLE_SETS).filter(([who]) => who !== 'admin');
    const opened = await Promise.all(others.map(([who, roles]) => ownerWithRoles(t, `${who.replace(/[^a-z]+/g, '-')}@example.com`, roles)));
    others.forEach(([who], i) => sessions.set(who as Principal, opened[i]!));
    routes = controllerRoutes(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('knows every route the app serves: each declares what it needs, or is on the public list', () => {
    // The controllers' routes are exactly what Fastify serves: nothing is reached around them.
    expect([...new Set(routes.map((r) => r.key))].sort()).toEqual(registeredRoutes(t.app));
    const undeclared = routes.filter((r) => !r.access && !PUBLIC_ROUTES[r.key]).map((r) => `${r.key} (${r.controller}.${r.handler})`);
    expect(undeclared).toEqual([]);
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !routes.some((r) => r.key === key))).toEqual([]);
    expect(routes.filter((r) => r.access && PUBLIC_ROUTES[r.key]).map((r) => r.key)).toEqual([]);
    // Signed in with no permission named: only the owner's own session.
    expect(routes.filter((r) => r.access && !r.access.permission).map((r) => r.key)).toEqual(['GET /api/config/session']);
    // Everything under /api that is not on the public list needs a permission.
    expect(routes.filter((r) => r.path.startsWith('/api/') && !PUBLIC_ROUTES[r.key] && !r.access?.permission).map((r) => r.key)).toEqual(['GET /api/config/session']);
  });

  it('has docs/PERMISSIONS.md show the permission table and every route as they are', () => {
    const doc = readFileSync(DOC, 'utf8');
    const current = withGeneratedSection(withGeneratedSection(doc, 'permission table', permissionMatrix()), 'route table', routeTable(routes, PUBLIC_ROUTES));
    if (process.env.UPDATE_DOCS === '1' && current !== doc) writeFileSync(DOC, current);
    else expect(doc).toBe(current); // when this fails: UPDATE_DOCS=1 (see the top of this file)
  });

  it('answers every role on every owner route as the table says: allowed, 403 FORBIDDEN without the permission, 401 anonymous', async () => {
    const owned = routes.filter((r) => r.access);
    const outcome = (res: request.Response): string => {
      if (res.status === 401 && res.body.error === 'UNAUTHENTICATED') return '401';
      if (res.status === 403 && res.body.error === 'FORBIDDEN') return `403 ${res.body.requiredPermission}`;
      return res.status >= 500 ? `failed ${res.status}` : 'allowed';
    };
    const expected = (who: Principal, route: ControllerRoute): string => {
      if (who === 'anonymous') return '401';
      const permission = route.access!.permission;
      return !permission || hasPermission(rolesOf(who), permission) ? 'allowed' : `403 ${permission}`;
    };
    const actual: Record<string, Record<string, string>> = {};
    const wanted: Record<string, Record<string, string>> = {};
    for (const route of owned) {
      // Ids that name nothing: an allowed call is refused for its input (400/404) and changes nothing.
      const url = route.path.replace(/:(\w+)/g, 'no-such-$1');
      const answers = await Promise.all(PRINCIPALS.map((who) => call(who, route.method, url)));
      actual[route.key] = Object.fromEntries(PRINCIPALS.map((who, i) => [who, outcome(answers[i]!)]));
      wanted[route.key] = Object.fromEntries(PRINCIPALS.map((who) => [who, expected(who, route)]));
    }
    expect(owned.length).toBeGreaterThan(40);
    expect(actual).toEqual(wanted);
  });

  it('refuses a store manager page editing, both in the session the owner app reads and on the API (issue 12’s browser case)', async () => {
    const session = await call('store manager', 'get', '/api/config/session');
    expect(session.body.owner.permissions).not.toContain('pages.edit');
    const layout = await call('store manager', 'put', '/api/site/collections/about/layout').send({ blocks: [] });
    expect(layout.status).toBe(403);
    expect(layout.body).toEqual({ error: 'FORBIDDEN', message: 'You do not have permission to do that.', requiredPermission: 'pages.edit' });
    expect((await call('store manager', 'post', '/api/site/collections').send({ kind: 'page', title: 'Mine' })).status).toBe(403);
  });

  it('gives the permissions of the table to the checks made inside public routes and page writes', async () => {
    // The full order without its token: orders.manage; anyone else: 404, as for no order.
    const cart = await newCart(t.server, 'p-stoneware-mug', 'MUG-SAND', 1);
    const bought = await request(t.server).post('/api/commerce/checkout').set('Cookie', cart).send(BUYER);
    expect(bought.status).toBe(200);
    // The health details: health.details. Code blocks: blocks.code, for a role that may edit the page.
    const page = await call('admin', 'post', '/api/site/collections').send({ kind: 'page', title: 'Permissions page' });
    expect(page.status).toBe(201);
    for (const who of PRINCIPALS) {
      const roles = rolesOf(who);
      const order = await call(who, 'get', `/api/commerce/orders/${bought.body.order.id}`);
      expect({ who, status: order.status }).toEqual({ who, status: hasPermission(roles, 'orders.manage') ? 200 : 404 });
      const health = await call(who, 'get', '/healthz');
      expect({ who, details: 'projections' in health.body }).toEqual({ who, details: hasPermission(roles, 'health.details') });
      const html = await call(who, 'put', `/api/site/collections/${page.body.collection.id}/layout`).send({ blocks: [{ type: 23, value: { code: `<p>${who}</p>` } }] });
      const allowed = hasPermission(roles, 'pages.edit') && hasPermission(roles, 'blocks.code');
      expect({ who, status: html.status, needs: html.body.requiredPermission })
        .toEqual({ who, status: who === 'anonymous' ? 401 : allowed ? 200 : 403, needs: who === 'anonymous' || allowed ? undefined : hasPermission(roles, 'pages.edit') ? 'blocks.code' : 'pages.edit' });
    }
  });

  it('tells the owner app each account’s roles and what they may do (GET /api/config/session)', async () => {
    for (const who of PRINCIPALS.filter((p) => p !== 'anonymous')) {
      const res = await call(who, 'get', '/api/config/session');
      expect({ who, roles: res.body.owner.roles, permissions: res.body.owner.permissions }).toEqual({ who, roles: rolesOf(who), permissions: permissionsOf(rolesOf(who)) });
    }
    expect((await call('anonymous', 'get', '/api/config/session')).status).toBe(401);
  });

  it('puts the signed-in account’s own roles in websiteRoles (SPEC section 6), none for a visitor', async () => {
    await catchUp();
    for (const who of PRINCIPALS) {
      // `?format=json` answers the context exactly as the templates see it (the page's #site-context script is its json).
      const page = await call(who, 'get', '/?format=json');
      expect(page.status).toBe(200);
      expect({ who, websiteRoles: page.body.siteContext.websiteRoles, authenticated: page.body.siteContext.authenticated, cache: page.headers['cache-control'] }).toEqual({
        who,
        websiteRoles: Object.fromEntries(rolesOf(who).map((role) => [role, true])),
        authenticated: who !== 'anonymous',
        cache: who === 'anonymous' ? 'public, no-cache' : 'private, no-cache',
      });
    }
  });
});
