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
};

export const APP_CONFIG = Symbol('APP_CONFIG');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const role = (env.ROLE ?? 'all') as ProcessRole;
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`ROLE must be all, api or worker, got ${role}`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    role,
    ownerEmail: (env.OWNER_EMAIL ?? 'owner@example.com').trim().toLowerCase(),
    ownerPassword: env.OWNER_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    secureCookies: env.SECURE_COOKIES === 'true',
    logLevel: env.LOG_LEVEL === 'silent' ? 'silent' : 'info',
    webDistDir: resolve(env.WEB_DIST_DIR ?? resolve(__dirname, '../../../../web/dist')),
  };
}
