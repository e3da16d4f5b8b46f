import { BOT_CHECK_MESSAGES, BOT_CHECK_TOKEN_MAX_LENGTH } from '@storefront/domain';
import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startRecaptchaStandIn, type RecaptchaStandIn } from '../../test/recaptcha-stand-in';
import { signIn } from '../../test/store-fixtures';
import { startAnotherApp, startTestApp, type TestApp } from '../../test/test-app';
import { ALTCHA_EXPIRY_SECONDS } from './altcha-check';
import { deriveKey, solveChallenge, type Challenge } from './altcha-lib';
import { AltchaCheck, BotCheck, type BotCheckResult } from './index';

const INCOMPLETE = 'Complete CAPTCHA before submitting.';

/** What the altcha widget submits: base64 of the challenge and the solution the browser found. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const reencode = (token: string, change: (payload: { challenge: Challenge; solution: { counter: number; derivedKey: string } }) => void) => {
  const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
};

describeOnHttpDriver('bot check (issue 14)', (driver) => {
  describe('none and altcha', () => {
    let t: TestApp;
    let botCheck: BotCheck;
    const challenge = async (): Promise<Challenge> => {
      const res = await request(t.server).get('/api/bot-check/altcha/challenge');
      expect(res.status).toBe(200);
      return res.body as Challenge;
    };
    const altcha = (token: string | undefined): Promise<BotCheckResult> => botCheck.verify({ method: 'altcha', token, action: 'FORM_BLOCK_SUBMISSION' });

    beforeAll(async () => {
      t = await startTestApp(driver, {}, { demo: false });
      botCheck = t.app.get(BotCheck);
    });
    afterAll(() => t.close());

    it("passes 'none' without a token", async () => {
      expect(await botCheck.verify({ method: 'none', action: 'NEWSLETTER_BLOCK_SUBMISSION' })).toEqual({ ok: true });
    });

    it('refuses a method or an action it does not know', async () => {
      expect(await botCheck.verify({ method: 'hcaptcha' as 'none', action: 'FORM_BLOCK_SUBMISSION' })).toMatchObject({ ok: false, message: INCOMPLETE });
      expect(await botCheck.verify({ method: 'none', action: 'LOGIN' as 'FORM_BLOCK_SUBMISSION' })).toMatchObject({ ok: false, message: INCOMPLETE });
    });

    it('hands out signed, expiring challenges, a new one each time, never cached', async () => {
      const res = await request(t.server).get('/api/bot-check/altcha/challenge');
      expect(res.headers['cache-control']).toBe('no-store');
      const a = res.body as Challenge;
      const b = await challenge();
      expect(a.parameters).toMatchObject({ algorithm: 'SHA-256', keyLength: 32 });
      expect(a.parameters.expiresAt! - Date.now() / 1000).toBeGreaterThan(ALTCHA_EXPIRY_SECONDS - 30);
      expect(a.parameters.expiresAt! - Date.now() / 1000).toBeLessThanOrEqual(ALTCHA_EXPIRY_SECONDS);
      expect(typeof a.signature).toBe('string');
      expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
      expect(a.signature).not.toBe(b.signature);
    });

    it('passes a solved challenge once, and refuses it used again', async () => {
      const token = await solve(await challenge());
      expect(await altcha(token)).toEqual({ ok: true });
      expect(await altcha(token)).toEqual({ ok: false, message: INCOMPLETE, reason: 'replayed' });
    });

    it('passes one of several simultaneous uses of one solution', async () => {
      const token = await solve(await challenge());
      const results = await Promise.all(Array.from({ length: 6 }, () => altcha(token)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'replayed')).toHaveLength(5);
    });

    it('passes a solution checked by another process on the same database (the key is shared), once', async () => {
      const other = await startAnotherApp(t);
      try {
        const token = await solve(await challenge());
        expect(await other.get(BotCheck).verify({ method: 'altcha', token, action: 'FORM_BLOCK_SUBMISSION' })).toEqual({ ok: true });
        expect(await altcha(token)).toMatchObject({ ok: false, reason: 'replayed' });
      } finally {
        await other.close();
      }
    }, 150_000);

    it("refuses a missing or empty solution with the SPEC's message", async () => {
      expect(await altcha(undefined)).toEqual({ ok: false, message: INCOMPLETE, reason: 'missing' });
      expect(await altcha('')).toEqual({ ok: false, message: INCOMPLETE, reason: 'missing' });
    });

    it('refuses garbage, a wrong derived key, a tampered challenge, and a token over the size limit', async () => {
      const token = await solve(await challenge());
      const cases: [string, string][] = [
        ['not base64 JSON', 'definitely-not-a-solution'],
        ['JSON of another shape', Buffer.from('{"algorithm":"SHA-256","number":1}').toString('base64')],
        // (The proof is the derived key, checked against its signature in the challenge: the
        // counter that led to it is not checked again, so only a wrong key is a wrong answer.)
        ['a wrong derived key', reencode(token, (p) => (p.solution.derivedKey = '00'.repeat(32)))],
        ['a later expiry', reencode(token, (p) => (p.challenge.parameters.expiresAt! += 3600))],
        ['an easier prefix', reencode(token, (p) => (p.challenge.parameters.keyPrefix = '0'))],
        ['a forged signature', reencode(token, (p) => (p.challenge.signature = 'ab'.repeat(32)))],
        ['a token over the limit', 'A'.repeat(BOT_CHECK_TOKEN_MAX_LENGTH + 1)],
      ];
      for (const [name, bad] of cases) expect({ name, result: await altcha(bad) }).toMatchObject({ name, result: { ok: false, message: INCOMPLETE } });
      // None of them spent the real solution.
      expect(await altcha(token)).toEqual({ ok: true });
    });

    it('refuses a solution to an expired challenge', async () => {
      const old = await t.app.get(AltchaCheck).challenge(new Date(Date.now() - (ALTCHA_EXPIRY_SECONDS + 5) * 1000));
      expect(await altcha(await solve(old))).toEqual({ ok: false, message: INCOMPLETE, reason: 'expired' });
    });

    it('refuses a challenge signed with another key (ALTCHA_HMAC_KEY set on another site)', async () => {
      const elsewhere = await startTestApp(driver, { ALTCHA_HMAC_KEY: 'another-site-s-altcha-key-of-32-chars-or-more' }, { demo: false });
      try {
        const foreign = await elsewhere.app.get(AltchaCheck).challenge();
        expect(await altcha(await solve(foreign))).toMatchObject({ ok: false, reason: 'invalid' });
        expect(await elsewhere.app.get(BotCheck).verify({ method: 'altcha', token: await solve(foreign), action: 'FORM_BLOCK_SUBMISSION' })).toEqual({ ok: true });
      } finally {
        await elsewhere.close();
      }
    }, 150_000);

    it("refuses reCAPTCHA on a website without a site key with the SPEC's message", async () => {
      expect(await botCheck.verify({ method: 'recaptcha', token: 'anything', action: 'FORM_BLOCK_SUBMISSION' })).toEqual({
        ok: false, message: 'Enterprise V3 ReCaptcha site key not found', reason: 'not-set-up',
      });
    });
  });

  describe('reCAPTCHA Enterprise against a local stand-in of the assessment endpoint', () => {
    let standIn: RecaptchaStandIn;
    let t: TestApp;
    let botCheck: BotCheck;
    const recaptcha = (token: string | undefined, action: 'FORM_BLOCK_SUBMISSION' | 'NEWSLETTER_BLOCK_SUBMISSION' | 'PRODUCT_WAITLIST_SUBMISSION' | 'PROMO_POPUP_SUBMISSION' = 'FORM_BLOCK_SUBMISSION') =>
      botCheck.verify({ method: 'recaptcha', token, action });

    beforeAll(async () => {
      standIn = await startRecaptchaStandIn();
      t = await startTestApp(
        driver,
        { RECAPTCHA_VERIFY_URL: standIn.verifyUrl, RECAPTCHA_PROJECT_ID: 'shop-project', RECAPTCHA_API_KEY: 'api-key-1', RECAPTCHA_SCORE_THRESHOLD: '0.5' },
        { demo: false },
      );
      botCheck = t.app.get(BotCheck);
      const admin = await signIn(t.server);
      const res = await request(t.server).put('/api/site/settings').set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).send({ captchaSettings: { siteKey: 'site-key-1' } });
      expect(res.status).toBe(200);
      standIn.tokens.set('human', { kind: 'assessment', valid: true, action: 'FORM_BLOCK_SUBMISSION', score: 0.9 });
      standIn.tokens.set('borderline', { kind: 'assessment', valid: true, action: 'FORM_BLOCK_SUBMISSION', score: 0.5 });
      standIn.tokens.set('bot', { kind: 'assessment', valid: true, action: 'FORM_BLOCK_SUBMISSION', score: 0.1 });
      standIn.tokens.set('newsletter', { kind: 'assessment', valid: true, action: 'NEWSLETTER_BLOCK_SUBMISSION', score: 0.9 });
      standIn.tokens.set('expired', { kind: 'assessment', valid: false, invalidReason: 'EXPIRED', action: 'FORM_BLOCK_SUBMISSION', score: 0 });
      standIn.tokens.set('outage', { kind: 'status', status: 503, body: '{"error":{"code":503}}' });
      standIn.tokens.set('refused', { kind: 'status', status: 400, body: '{"error":{"code":400,"message":"Request contains an invalid argument."}}' });
    });
    afterAll(async () => {
      await t.close();
      await standIn.close();
    });

    it('passes a valid token for the action scoring at or over the threshold, asking with the site key, the action, the project and the API key', async () => {
      const from = standIn.requests.length;
      expect(await recaptcha('human')).toEqual({ ok: true });
      expect(await recaptcha('borderline')).toEqual({ ok: true });
      expect(standIn.requests[from]).toEqual({
        path: '/v1/projects/shop-project/assessments',
        key: 'api-key-1',
        body: { event: { token: 'human', siteKey: 'site-key-1', expectedAction: 'FORM_BLOCK_SUBMISSION' } },
      });
    });

    it('checks each SPEC action: a token made for another action is refused', async () => {
      expect(await recaptcha('newsletter', 'NEWSLETTER_BLOCK_SUBMISSION')).toEqual({ ok: true });
      expect(await recaptcha('newsletter', 'FORM_BLOCK_SUBMISSION')).toEqual({ ok: false, message: INCOMPLETE, reason: 'wrong-action' });
      expect(await recaptcha('human', 'PRODUCT_WAITLIST_SUBMISSION')).toMatchObject({ ok: false, reason: 'wrong-action' });
      expect(await recaptcha('human', 'PROMO_POPUP_SUBMISSION')).toMatchObject({ ok: false, reason: 'wrong-action' });
    });

    it('refuses a score under the threshold, an invalid or expired token, one the endpoint calls a bad request, and none at all', async () => {
      expect(await recaptcha('bot')).toEqual({ ok: false, message: INCOMPLETE, reason: 'low-score' });
      expect(await recaptcha('forged')).toEqual({ ok: false, message: INCOMPLETE, reason: 'invalid' });
      expect(await recaptcha('expired')).toEqual({ ok: false, message: INCOMPLETE, reason: 'invalid' });
      expect(await recaptcha('refused')).toEqual({ ok: false, message: INCOMPLETE, reason: 'invalid' });
      const from = standIn.requests.length;
      expect(await recaptcha(undefined)).toEqual({ ok: false, message: INCOMPLETE, reason: 'missing' });
      expect(await recaptcha('x'.repeat(BOT_CHECK_TOKEN_MAX_LENGTH + 1))).toMatchObject({ ok: false, reason: 'invalid' });
      expect(standIn.requests.length).toBe(from);
    });

    it('refuses when the endpoint fails or is down, saying the check could not be made', async () => {
      expect(await recaptcha('outage')).toEqual({ ok: false, message: BOT_CHECK_MESSAGES.unavailable, reason: 'unavailable' });
      const down = await startRecaptchaStandIn();
      await down.close();
      const elsewhere = await startTestApp(driver, { RECAPTCHA_VERIFY_URL: down.verifyUrl, RECAPTCHA_PROJECT_ID: 'p', RECAPTCHA_API_KEY: 'k' }, { demo: false });
      try {
        const admin = await signIn(elsewhere.server);
        await request(elsewhere.server).put('/api/site/settings').set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).send({ captchaSettings: { siteKey: 'k1' } }).expect(200);
        expect(await elsewhere.app.get(BotCheck).verify({ method: 'recaptcha', token: 'human', action: 'FORM_BLOCK_SUBMISSION' })).toEqual({
          ok: false, message: BOT_CHECK_MESSAGES.unavailable, reason: 'unavailable',
        });
      } finally {
        await elsewhere.close();
      }
    }, 150_000);

    it('refuses when the server has no project or API key (captcha not set up), without asking anyone', async () => {
      const bare = await startTestApp(driver, { RECAPTCHA_VERIFY_URL: standIn.verifyUrl }, { demo: false });
      try {
        const admin = await signIn(bare.server);
        await request(bare.server).put('/api/site/settings').set('Cookie', admin.cookie).set('X-XSRF-Token', admin.xsrf).send({ captchaSettings: { siteKey: 'k1' } }).expect(200);
        const from = standIn.requests.length;
        expect(await bare.app.get(BotCheck).verify({ method: 'recaptcha', token: 'human', action: 'FORM_BLOCK_SUBMISSION' })).toEqual({
          ok: false, message: BOT_CHECK_MESSAGES.recaptchaNotSetUp, reason: 'not-set-up',
        });
        expect(standIn.requests.length).toBe(from);
      } finally {
        await bare.close();
      }
    }, 150_000);
  });
});
