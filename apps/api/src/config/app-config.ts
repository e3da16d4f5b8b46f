import { isIP } from 'node:net';
import { resolve } from 'node:path';

/**
 * Process roles: `all` (embedded default: HTTP plus in-process projections), `api` (HTTP only,
 * scaled out behind a load balancer), `worker` (projections only).
 */
export type ProcessRole = 'all' | 'api' | 'worker';

export type AppConfig = {
  port: number;
  host: string;
  /** PGlite data directory, used when no databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  role: ProcessRole;
  ownerEmail: string;
  /** When unset on first start, a random password is generated and printed once. */
  ownerPassword?: string;
  /** Seed the demo store on first start. */
  seedDemo: boolean;
  /** Mark cookies Secure (behind HTTPS). */
  secureCookies: boolean;
  logLevel: 'info' | 'silent';
  /** Directory of the built web bundle (vite build output). */
  webDistDir: string;
  /**
   * The published site's own address (scheme, host, port, no trailing slash) for the sitemap,
   * robots.txt and canonical links: never taken from the request's Host header.
   */
  siteUrl: string;
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For) and protocol: `false`
   * (none: the socket's peer is the client), a hop count, or addresses and CIDR ranges (also the
   * names `loopback`, `linklocal`, `uniquelocal`). Fastify's `trustProxy` option.
   */
  trustProxy: false | number | string[];
};

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset, `false` or `0` trusts none; a number trusts that many hops; else a comma-separated list of addresses, CIDRs or range names. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^[0-9]+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 4 ? 32 : 128;
    const ok = PROXY_RANGE_NAMES.has(entry) || (family !== 0 && extra === undefined && (bits === undefined || (/^[0-9]+$/.test(bits) && Number(bits) <= maxBits)));
    if (!ok) throw new Error(`TRUST_PROXY must be false, a hop count, or addresses and CIDR ranges (or loopback, linklocal, uniquelocal), got ${entry}`);
  }
  return entries;
}

/** SITE_URL: an http(s) origin, optionally with a path; defaults to http://HOST:PORT of this process. */
export function parseSiteUrl(value: string | undefined, host: string, port: number): string {
  if (value === undefined || value.trim() === '') return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`SITE_URL must be an http or https address, got ${value}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash) {
    throw new Error(`SITE_URL must be an http or https address without credentials, query or fragment, got ${value}`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const role = (env.ROLE ?? 'all') as ProcessRole;
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`ROLE must be all, api or worker, got ${role}`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    role,
    ownerEmail: (env.OWNER_EMAIL ?? 'owner@example.com').trim().toLowerCase(),
    ownerPassword: env.OWNER_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    secureCookies: env.SECURE_COOKIES === 'true',
    logLevel: env.LOG_LEVEL === 'silent' ? 'silent' : 'info',
    webDistDir: resolve(env.WEB_DIST_DIR ?? resolve(__dirname, '../../../../web/dist')),
    siteUrl: parseSiteUrl(env.SITE_URL, host, port),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
