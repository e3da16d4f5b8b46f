import { ALL_PERMISSIONS } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import { createHash } from 'node:crypto';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../test/test-app';

const SESSION = '/api/config/session';
const OWNERS = '/api/config/owners';
const OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' };

/** Short but real delays: 3 free failures per email, 40 ms doubling to at most 200 ms, 429 from the 6th. */
const THROTTLE_ENV = {
  SIGN_IN_DELAY_BASE_MS: '40',
  SIGN_IN_DELAY_MAX_MS: '200',
  SIGN_IN_EMAIL_FREE_FAILURES: '3',
  SIGN_IN_EMAIL_LOCK_AFTER: '6',
  SIGN_IN_IP_FREE_FAILURES: '8',
  SIGN_IN_IP_LOCK_AFTER: '12',
};

const setCookies = (res: request.Response) => ([] as string[]).concat(res.headers['set-cookie'] ?? []);
const sessionCookieHeader = (res: request.Response) => setCookies(res).find((c) => c.startsWith('owner_session='));
const cookieOf = (res: request.Response) => sessionCookieHeader(res)!.split(';')[0]!;

describeOnHttpDriver('owner accounts over HTTP', (driver) => {
  let t: TestApp;
  const saved: Record<string, string | undefined> = {};
  // Each test signs in from its own client IP so per-IP counts never leak between tests.
  let ipCounter = 0;
  let ip: string;
  beforeEach(() => {
    ip = `10.0.0.${++ipCounter}`;
  });

  beforeAll(async () => {
    for (const [key, value] of Object.entries(THROTTLE_ENV)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    // The tests speak for many client addresses through X-Forwarded-For, from a proxy on loopback.
    t = await startTestApp(driver, { TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  const signIn = (body: Record<string, unknown>, from = ip) => request(t.server).post(SESSION).set('X-Forwarded-For', from).send(body);
  async function signedIn(credentials: { email: string; password: string } = OWNER) {
    const res = await signIn(credentials);
    expect(res.status).toBe(200);
    return { cookie: cookieOf(res), xsrf: res.body.xsrfToken as string, body: res.body };
  }
  /** Admin-only actions confirm the admin's password (`currentPassword`, the owner's unless given). */
  async function registerAs(admin: { cookie: string; xsrf: string }, body: Record<string, unknown>) {
    return request(t.server).post(OWNERS).set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).send({ currentPassword: OWNER.password, ...body });
  }

  describe('pages', () => {
    it('renders the sign-in page with labelled fields, remember me and an alert region', async () => {
      const res = await request(t.server).get('/config/login');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email" autocomplete="username" required/);
      expect(res.text).toMatch(/<label for="password">Password<\/label>\s*<input id="password" name="password" type="password" autocomplete="current-password" required/);
      expect(res.text).toMatch(/<label class="check" for="rememberMe"><input id="rememberMe" name="rememberMe" type="checkbox"> Remember me<\/label>/);
      expect(res.text).toContain('role="alert"');
      expect(res.text).toContain('<button type="submit">Sign in</button>');
      // No external assets: the only script and style are inline, with the CSP nonce.
      expect(res.text).not.toMatch(/<(script|link)[^>]+(src|href)=/);
      const nonce = /script-src 'nonce-([^']+)'/.exec(res.headers['content-security-policy'])![1];
      expect(res.text).toContain(`<script nonce="${nonce}">`);
    });

    it('sends anonymous visitors of /config to the sign-in page and signed-in owners the other way', async () => {
      const anonymous = await request(t.server).get('/config');
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.location).toBe('/config/login');

      const { cookie } = await signedIn();
      for (const path of ['/config', '/config/products', '/config/pages/some/deep/path']) {
        // The owner app's shell: its own bundle (never the islands'), not cached, never framed.
        const home = await request(t.server).get(path).set('Cookie', cookie);
        expect(home.status).toBe(200);
        expect(home.text).toContain('<div id="owner-app">');
        expect(home.text).toMatch(/<script type="module" src="\/static\/owner\/[^"]+\.js"><\/script>/);
        expect(home.text).not.toMatch(/src="\/static\/main-/);
        expect(home.headers['cache-control']).toBe('no-store');
        expect(home.headers['x-frame-options']).toBe('DENY');
        expect(home.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        const anonymousDeep = await request(t.server).get(path);
        expect(anonymousDeep.status).toBe(302);
        expect(anonymousDeep.headers.location).toBe('/config/login');
      }

      const login = await request(t.server).get('/config/login').set('Cookie', cookie);
      expect(login.status).toBe(302);
      expect(login.headers.location).toBe('/config');
    });
  });

  describe('sign-in', () => {
    it('signs the seeded owner in: xsrfToken, owner, and an httpOnly SameSite=Lax session cookie', async () => {
      const res = await signIn({ ...OWNER, rememberMe: false });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        xsrfToken: expect.stringMatching(/^[\w-]{43}$/),
        owner: { id: expect.any(String), email: 'owner@example.com', roles: ['admin'], permissions: ALL_PERMISSIONS },
      });
      const cookie = sessionCookieHeader(res)!;
      expect(cookie).toMatch(/^owner_session=[\w-]{43};/);
      expect(cookie).toMatch(/; HttpOnly/i);
      expect(cookie).toMatch(/; SameSite=Lax/i);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Max-Age|Expires/i); // a browser-session cookie without rememberMe
      expect(cookie).not.toMatch(/; Secure/i); // SECURE_COOKIES is off in tests

      // Only the token's SHA-256 is stored, with a 12 h expiry.
      const token = cookieOf(res).slice('owner_session='.length);
      const { rows } = await t.db.query<{ id: string; hours: number }>(
        `SELECT id, round(extract(epoch FROM expires_at - now()) / 3600)::int AS hours FROM owner_sessions WHERE id = $1`,
        [createHash('sha256').update(token).digest('base64url')],
      );
      expect(rows).toEqual([{ id: expect.not.stringContaining(token), hours: 12 }]);
    });

    it('keeps a remembered session for 30 days in a persistent cookie', async () => {
      const res = await signIn({ ...OWNER, rememberMe: true });
      expect(res.status).toBe(200);
      expect(sessionCookieHeader(res)).toMatch(/; Max-Age=2592000;/);
    });

    it('ignores the case of the email', async () => {
      expect((await signIn({ email: 'Owner@Example.COM', password: OWNER.password })).status).toBe(200);
    });

    it('answers a wrong password and an unknown email identically, without a cookie', async () => {
      const wrongPassword = await signIn({ email: OWNER.email, password: 'not the right password' });
      const unknownEmail = await signIn({ email: 'nobody@example.com', password: OWNER.password });
      const malformed = await signIn({ email: 42, password: null });
      for (const res of [wrongPassword, unknownEmail, malformed]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
        expect(sessionCookieHeader(res)).toBeUndefined();
      }
    });

    it('accepts only JSON, so a cross-site form cannot sign a browser in (login CSRF)', async () => {
      const res = await request(t.server).post(SESSION).type('form').send(`email=${encodeURIComponent(OWNER.email)}&password=${encodeURIComponent(OWNER.password)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('INVALID_REQUEST');
      expect(sessionCookieHeader(res)).toBeUndefined();
    });

    it('slows repeated failures for one email, then refuses with 429 without checking the password', async () => {
      const email = 'slow@example.com';
      const admin = await signedIn();
      expect((await registerAs(admin, { email, password: 'a long enough password', roles: ['editor'] })).status).toBe(201);

      const timings: number[] = [];
      for (let i = 0; i < 6; i++) {
        const started = Date.now();
        const res = await signIn({ email, password: `wrong password ${i}` }, `10.1.0.${i}`); // other IPs: only the email counts
        timings.push(Date.now() - started);
        expect(res.status).toBe(401);
      }
      // Failures 4, 5 and 6 waited 40, 80 and 160 ms before the password was even checked.
      expect(timings[3]).toBeGreaterThanOrEqual(40);
      expect(timings[4]).toBeGreaterThanOrEqual(80);
      expect(timings[5]).toBeGreaterThanOrEqual(160);

      const locked = await signIn({ email, password: 'a long enough password' }, '10.1.0.99');
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ error: 'TOO_MANY_SIGN_IN_ATTEMPTS', message: 'Too many sign-in attempts. Please try again in 15 minutes.', retryAfterSeconds: 900 });
      expect(sessionCookieHeader(locked)).toBeUndefined();
    });

    it('never locks an owner out of an address they signed in from because of others\' guesses', async () => {
      const email = 'targeted@example.com';
      const password = 'a long enough password';
      const admin = await signedIn();
      expect((await registerAs(admin, { email, password, roles: ['editor'] })).status).toBe(201);
      const home = '10.4.0.1';
      expect((await signIn({ email, password }, home)).status).toBe(200);

      // Ten guesses from ten other addresses: the email is locked for addresses it never used...
      for (let i = 0; i < 10; i++) expect((await signIn({ email, password: `guess number ${i}` }, `10.4.1.${i}`)).status).toBeGreaterThanOrEqual(401);
      const stranger = await signIn({ email, password }, '10.4.2.1');
      expect(stranger.status).toBe(429);
      expect(stranger.body.message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
      // ...but the owner's own address signs in with the right password.
      expect((await signIn({ email, password }, home)).status).toBe(200);
    });

    it('locks one address out of one email after its own failures, even a known address', async () => {
      const email = 'clumsy@example.com';
      const password = 'a long enough password';
      const admin = await signedIn();
      expect((await registerAs(admin, { email, password, roles: ['editor'] })).status).toBe(201);
      const home = '10.5.0.1';
      expect((await signIn({ email, password }, home)).status).toBe(200);
      for (let i = 0; i < 6; i++) expect((await signIn({ email, password: `typo number ${i}` }, home)).status).toBe(401);
      const locked = await signIn({ email, password }, home);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    });

    it('slows and then refuses many failures from one client IP, whatever the emails', async () => {
      for (let i = 0; i < 12; i++) {
        expect((await signIn({ email: `guess${i}@example.com`, password: 'guessing away here' })).status).toBe(401);
      }
      expect((await signIn(OWNER)).status).toBe(429);
      expect((await signIn(OWNER, '10.2.0.1')).status).toBe(200);
    });

    it('forgets the failures after a success', async () => {
      const email = 'forgetful@example.com';
      const admin = await signedIn();
      expect((await registerAs(admin, { email, password: 'a long enough password', roles: ['viewer'] })).status).toBe(201);
      for (let i = 0; i < 4; i++) expect((await signIn({ email, password: 'wrong password!' })).status).toBe(401);
      const counts = () => t.db.query('SELECT key FROM owner_sign_in_attempts WHERE key IN ($1, $2)', [`email:${email}`, `ip:${ip}`]);
      expect((await counts()).rows).toHaveLength(2);
      expect((await signIn({ email, password: 'a long enough password' })).status).toBe(200);
      expect((await counts()).rows).toHaveLength(0);
    });
  });

  describe('session', () => {
    it('GET returns the signed-in owner and the XSRF token, 401 when anonymous', async () => {
      const { cookie, xsrf, body } = await signedIn();
      const res = await request(t.server).get(SESSION).set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ xsrfToken: xsrf, owner: body.owner });

      const anonymous = await request(t.server).get(SESSION);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    });

    it('DELETE signs out (with the XSRF header): the row goes, the cookie is cleared, the cookie stops working', async () => {
      const { cookie, xsrf } = await signedIn();
      const refused = await request(t.server).delete(SESSION).set('Cookie', cookie);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'XSRF_TOKEN_INVALID', message: 'Your session has expired. Please reload the page and try again.' });

      const res = await request(t.server).delete(SESSION).set('Cookie', cookie).set('X-XSRF-Token', xsrf);
      expect(res.status).toBe(204);
      expect(sessionCookieHeader(res)).toMatch(/^owner_session=;.*Expires=Thu, 01 Jan 1970/);

      const after = await request(t.server).get(SESSION).set('Cookie', cookie);
      expect(after.status).toBe(401);
      expect(sessionCookieHeader(after)).toMatch(/^owner_session=;/);
    });

    it('ignores an expired or unknown session cookie and clears it', async () => {
      const { cookie } = await signedIn();
      await t.db.query(`UPDATE owner_sessions SET expires_at = now() - interval '1 second'`);
      for (const c of [cookie, 'owner_session=forged', `owner_session=${'A'.repeat(43)}`]) {
        const res = await request(t.server).get(SESSION).set('Cookie', c);
        expect(res.status).toBe(401);
        expect(sessionCookieHeader(res)).toMatch(/^owner_session=;/);
      }
      // An anonymous request with a dead cookie is just anonymous: no XSRF demanded.
      const post = await request(t.server).post(OWNERS).set('Cookie', cookie).send({});
      expect(post.status).toBe(401);
    });

    it('slides the expiry forward while the owner is active', async () => {
      const remembered = await signIn({ ...OWNER, rememberMe: true });
      const cookie = cookieOf(remembered);
      await t.db.query(`UPDATE owner_sessions SET expires_at = now() + interval '1 minute', last_seen_at = now() - interval '2 minutes'`);
      const res = await request(t.server).get(SESSION).set('Cookie', cookie);
      expect(res.status).toBe(200);
      expect(sessionCookieHeader(res)).toMatch(/; Max-Age=2592000;/);
      const { rows } = await t.db.query<{ days: number }>(
        `SELECT round(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM owner_sessions WHERE persistent`,
      );
      expect(rows.map((r) => r.days)).toEqual([30]);
    });
  });

  describe('owner management and request security', () => {
    it('refuses anonymous requests with 401', async () => {
      expect((await request(t.server).get(OWNERS)).status).toBe(401);
      const post = await request(t.server).post(OWNERS).send({ email: 'x@example.com', password: 'a long enough password', roles: ['admin'] });
      expect(post.status).toBe(401);
      expect(post.body).toEqual({ error: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    });

    it('refuses a signed-in POST without or with a wrong XSRF token (403)', async () => {
      const { cookie } = await signedIn();
      const body = { email: 'xsrf@example.com', password: 'a long enough password', roles: ['editor'] };
      for (const token of [undefined, 'wrong', '']) {
        const req = request(t.server).post(OWNERS).set('Cookie', cookie);
        const res = await (token === undefined ? req : req.set('X-XSRF-Token', token)).send(body);
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('XSRF_TOKEN_INVALID');
      }
      expect((await t.db.query(`SELECT 1 FROM streams WHERE stream_id = 'owner-account-xsrf@example.com'`)).rows).toHaveLength(0);
    });

    it('lets an admin register and list owners; other roles get 403', async () => {
      const admin = await signedIn();
      const created = await registerAs(admin, { email: 'Editor@Example.com', password: 'editor password 1', roles: ['editor', 'store manager'] });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        owner: { id: expect.any(String), email: 'editor@example.com', roles: ['editor', 'store manager'], registeredAt: expect.any(String) },
      });

      const list = await request(t.server).get(OWNERS).set('Cookie', admin.cookie);
      expect(list.status).toBe(200);
      expect(list.body.owners).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: 'owner@example.com', roles: ['admin'] }),
          expect.objectContaining({ email: 'editor@example.com', roles: ['editor', 'store manager'] }),
        ]),
      );
      expect(JSON.stringify(list.body)).not.toMatch(/passwordHash|scrypt/);

      const editor = await signedIn({ email: 'editor@example.com', password: 'editor password 1' });
      expect(editor.body.owner.roles).toEqual(['editor', 'store manager']);
      const forbidden = await request(t.server).get(OWNERS).set('Cookie', editor.cookie);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ error: 'FORBIDDEN', message: 'You do not have permission to do that.' });
      expect((await registerAs(editor, { email: 'sneaky@example.com', password: 'a long enough password', roles: ['admin'] })).status).toBe(403);
    });

    it("creates an owner only with the admin's current password again (issue 10: a stolen session alone cannot)", async () => {
      const admin = await signedIn();
      const accounts = async () => Number((await t.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM streams WHERE stream_type = 'owner-account'`)).rows[0]!.n);
      const before = await accounts();
      const body = { email: 'mallory@example.com', password: 'a long enough password', roles: ['admin'] };
      const missing = await registerAs(admin, { ...body, currentPassword: undefined });
      expect({ status: missing.status, body: missing.body }).toEqual({
        status: 403, body: { error: 'PASSWORD_CONFIRMATION_FAILED', field: 'currentPassword', message: 'Please enter your current password to confirm this change.' },
      });
      const wrong = await registerAs(admin, { ...body, currentPassword: 'not the password at all' });
      expect({ status: wrong.status, body: wrong.body }).toEqual({
        status: 403, body: { error: 'PASSWORD_CONFIRMATION_FAILED', field: 'currentPassword', message: 'That is not your current password. Please enter it again to confirm this change.' },
      });
      expect((await registerAs(admin, { ...body, currentPassword: 42 })).status).toBe(403);
      expect(await accounts()).toBe(before);
      expect((await registerAs(admin, body)).status).toBe(201);
      expect(await accounts()).toBe(before + 1);
    });

    it('validates new owners: email, password length, roles, and one account per email', async () => {
      const admin = await signedIn();
      const cases: [Record<string, unknown>, number, string, string?][] = [
        [{ email: 'not-an-email', password: 'a long enough password', roles: ['editor'] }, 400, 'INVALID_EMAIL', 'Please enter a valid email'],
        [{ email: 'short@example.com', password: 'too short', roles: ['editor'] }, 400, 'PASSWORD_TOO_SHORT'],
        [{ email: 'roles@example.com', password: 'a long enough password', roles: ['owner'] }, 400, 'INVALID_ROLES'],
        [{ email: 'roles@example.com', password: 'a long enough password', roles: [] }, 400, 'INVALID_ROLES'],
        [{ email: 'OWNER@example.com', password: 'a long enough password', roles: ['viewer'] }, 409, 'OWNER_ALREADY_EXISTS'],
      ];
      for (const [body, status, error, message] of cases) {
        const res = await registerAs(admin, body);
        expect({ status: res.status, error: res.body.error }).toEqual({ status, error });
        if (message) expect(res.body.message).toBe(message);
      }
    });

    it('registers one account when the same email is registered concurrently', async () => {
      const admin = await signedIn();
      const body = { email: 'race@example.com', password: 'a long enough password', roles: ['billing'] };
      const results = await Promise.all(Array.from({ length: 5 }, () => registerAs(admin, body)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE stream_id = 'owner-account-race@example.com'`,
      );
      expect(rows[0]!.n).toBe(1);
    });

    it("leaves visitors' state-changing requests without a session alone, but not a signed-in owner's", async () => {
      const entry = { itemId: 'p-stoneware-mug', sku: 'MUG-SAND', quantity: 1 };
      const visitor = await request(t.server).post('/api/commerce/shopping-cart/entries').send(entry);
      expect(visitor.status).toBe(200);
      const { cookie, xsrf } = await signedIn();
      const withoutToken = await request(t.server).post('/api/commerce/shopping-cart/entries').set('Cookie', cookie).send(entry);
      expect(withoutToken.status).toBe(403);
      const withToken = await request(t.server).post('/api/commerce/shopping-cart/entries').set('Cookie', cookie).set('X-XSRF-Token', xsrf).send(entry);
      expect(withToken.status).toBe(200);
    });

    it('hands the page a readable XSRF cookie equal to the session token, so the storefront scripts can echo it', async () => {
      const res = await signIn(OWNER);
      const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const xsrfCookie = cookies.find((c) => c.startsWith('xsrf_token='))!;
      expect(xsrfCookie).toBeDefined();
      expect(xsrfCookie).not.toMatch(/HttpOnly/i);
      expect(xsrfCookie).toMatch(/SameSite=Lax/i);
      expect(decodeURIComponent(xsrfCookie.split(';')[0].slice('xsrf_token='.length))).toBe(res.body.xsrfToken);
      const signOut = await request(t.server).delete(SESSION).set('Cookie', cookieOf(res)).set('X-XSRF-Token', res.body.xsrfToken);
      expect(([] as string[]).concat(signOut.headers['set-cookie'] ?? []).some((c) => /^xsrf_token=;/.test(c))).toBe(true);
    });
  });
});
