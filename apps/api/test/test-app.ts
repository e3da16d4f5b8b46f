import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Database } from '@storefront/eventstore';
import { createTestDatabase, type TestDatabaseTemplate } from '@storefront/eventstore/testing';
import type { Server } from 'node:http';
import { createApp } from '../src/app.factory';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { DemoModule } from '../src/demo';
import { SETTING_NAMES } from '../src/config/settings';

export type TestApp = {
  app: INestApplication;
  /** The Node HTTP server, ready for supertest. */
  server: Server;
  db: Database;
  config: AppConfig;
  close(): Promise<void>;
};

/**
 * The whole app on a fresh database of the given driver, with the demo store seeded (`demo: false`:
 * the product's own first start, an untitled website and an empty store).
 */
export async function startTestApp(driver: 'pglite' | 'postgres', env: NodeJS.ProcessEnv = {}, options: { demo?: boolean } = {}): Promise<TestApp> {
  const config = loadConfig({
    // Every suite's requests come from one address: the per-client rate limit is off unless a
    // suite sets CLIENT_RATE_LIMIT_BURST itself.
    CLIENT_RATE_LIMIT_BURST: '0',
    ...suiteSettingsFromProcessEnv(),
    LOG_LEVEL: 'silent',
    OWNER_EMAIL: 'owner@example.com',
    OWNER_PASSWORD: 'correct horse battery staple',
    ...env,
  });
  const demo = options.demo ?? true;
  const database = await createTestDatabase(driver, { template: seededTemplate(config, demo) });
  const app = await readyApp(config, database.db, demo);
  return {
    app,
    server: app.getHttpServer() as Server,
    db: database.db,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        await database.dispose();
      }
    },
  };
}

/**
 * A second app instance on the test app's database, with its own caches and in-process queues as
 * another API process has (the caller closes it; the database stays the test app's).
 */
export function startAnotherApp(t: TestApp): Promise<INestApplication> {
  return readyApp(t.config, t.db, true);
}

/**
 * The cart, checkout, sign-in and theme settings (and NODE_ENV) a suite has put in process.env
 * around `startTestApp`, as suites set them (`env` passes any setting directly). Only these: the
 * rest of the test runner's environment (CI's DATABASE_URL, PORT, ...) is not the test app's.
 */
function suiteSettingsFromProcessEnv(): Record<string, string> {
  const names = SETTING_NAMES.filter((name) => /^(CART_|CLIENT_RATE_LIMIT_|CHECKOUT_|SIGN_IN_|MULTIPLE_QUANTITY_|THEME_TEMPLATES_DIR$|NODE_ENV$)/.test(name));
  return Object.fromEntries(names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
}

/**
 * What a first start of this app leaves in a new database (owner account, website, the demo store
 * and its images when seeded), made once per test run and copied for each app with the same
 * seeding settings: seeding reads only these (the seeders and FirstStartSeeder), and the
 * projections it catches up take no settings. The app started on the copy finds the website
 * stream and seeds nothing.
 */
function seededTemplate(config: AppConfig, demo: boolean): TestDatabaseTemplate {
  const seeding = { demo, seedDemo: config.seedDemo, ownerEmail: config.ownerEmail, ownerPassword: config.ownerPassword ?? null, role: config.role };
  return {
    key: `app-first-start:${JSON.stringify(seeding)}`,
    async seed(db) {
      const app = await readyApp(config, db, demo);
      await app.close();
    },
  };
}

/** The app built, initialised and its Fastify instance ready for supertest. */
async function readyApp(config: AppConfig, db: Database, demo: boolean): Promise<INestApplication> {
  const app = await createApp(config, { db, setup: demo ? DemoModule : undefined, passwordHashCost: { logN: 4, r: 8, p: 1 } });
  await app.init();
  await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
  return app;
}
