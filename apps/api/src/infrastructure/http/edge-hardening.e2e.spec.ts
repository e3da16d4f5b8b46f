import { describeOnHttpDriver } from '@storefront/eventstore/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { parseSiteUrl, parseTrustProxy } from '../../config/app-config';
import { DEMO_WHOLESALE_PASSWORD } from '../../demo';
import { sameSitePath } from '../../storefront';

describe('settings', () => {
  it('TRUST_PROXY: none by default; a hop count; addresses, CIDRs and range names; anything else refused', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback, 10.0.0.0/8,192.168.1.7, fd00::/8')).toEqual(['loopback', '10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    for (const bad of ['true', 'everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });

  it('SITE_URL: http://HOST:PORT by default; an http(s) address without a trailing slash', () => {
    expect(parseSiteUrl(undefined, '127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(parseSiteUrl('', '::1', 8080)).toBe('http://[::1]:8080');
    expect(parseSiteUrl('https://shop.example.com/', '127.0.0.1', 3000)).toBe('https://shop.example.com');
    expect(parseSiteUrl('https://example.com/store/', '127.0.0.1', 3000)).toBe('https://example.com/store');
    for (const bad of ['shop.example.com', 'ftp://x.example', 'https://u:p@x.example', 'https://x.example/?a=1']) expect(() => parseSiteUrl(bad, 'h', 1)).toThrow(/SITE_URL/);
  });

  it('a redirect target is a path of this site', () => {
    expect(sameSitePath('//evil.example/x')).toBe('/evil.example/x');
    expect(sameSitePath('/\\evil.example')).toBe('/evil.example');
    expect(sameSitePath('///wholesale')).toBe('/wholesale');
    expect(sameSitePath('/wholesale')).toBe('/wholesale');
  });
});

describeOnHttpDriver('the request edge', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { SITE_URL: 'https://clay.example' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('unlocks //wholesale with a redirect to /wholesale, never off-site', async () => {
    for (const path of ['//wholesale', '///wholesale']) {
      const res = await request(t.server).post(path).type('form').send({ password: DEMO_WHOLESALE_PASSWORD });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/wholesale');
    }
  });

  it('never reflects the Host header: sitemap, robots.txt and canonical links use SITE_URL', async () => {
    const evil = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' };
    const robots = await request(t.server).get('/robots.txt').set(evil);
    expect(robots.text).toContain('Sitemap: https://clay.example/sitemap.xml');
    const sitemap = await request(t.server).get('/sitemap.xml').set(evil);
    expect(sitemap.text).toContain('<loc>https://clay.example/journal</loc>');
    const page = await request(t.server).get('/about').set(evil);
    expect(page.text).toContain('<link rel="canonical" href="https://clay.example/about">');
    for (const text of [robots.text, sitemap.text, page.text]) expect(text).not.toContain('evil.example');
  });

  it('does not believe X-Forwarded-For from a proxy it was not told to trust', async () => {
    await request(t.server).post('/api/config/session').set('X-Forwarded-For', '203.0.113.9').send({ email: 'nobody@example.com', password: 'wrong password!' });
    const { rows } = await t.db.query<{ key: string }>(`SELECT key FROM owner_sign_in_attempts WHERE key LIKE 'ip:%'`);
    expect(rows.map((r) => r.key)).not.toContain('ip:203.0.113.9');
    expect(rows.length).toBeGreaterThan(0);
  });
});

describeOnHttpDriver('the request edge behind a configured proxy', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes the client address from X-Forwarded-For when TRUST_PROXY names the proxy', async () => {
    await request(t.server).post('/api/config/session').set('X-Forwarded-For', '203.0.113.9').send({ email: 'nobody@example.com', password: 'wrong password!' });
    const { rows } = await t.db.query<{ key: string }>(`SELECT key FROM owner_sign_in_attempts WHERE key LIKE 'ip:%'`);
    expect(rows.map((r) => r.key)).toContain('ip:203.0.113.9');
  });
});
