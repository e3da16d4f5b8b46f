import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Database } from '@storefront/eventstore';
import { createTestDatabase } from '@storefront/eventstore/testing';
import type { Server } from 'node:http';
import { createApp } from '../src/app.factory';
import { loadConfig, type AppConfig } from '../src/config/app-config';
import { DemoModule } from '../src/demo';

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
  const database = await createTestDatabase(driver);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    OWNER_EMAIL: 'owner@example.com',
    OWNER_PASSWORD: 'correct horse battery staple',
    ...env,
  });
  const app = await readyApp(config, database.db, options.demo ?? true);
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

/** The app built, initialised and its Fastify instance ready for supertest. */
async function readyApp(config: AppConfig, db: Database, demo: boolean): Promise<INestApplication> {
  // Every suite's requests come from one address: the per-client rate limit is off unless a suite
  // sets CLIENT_RATE_LIMIT_BURST itself (cart settings are read from process.env when the app starts).
  const clientLimitUnset = process.env.CLIENT_RATE_LIMIT_BURST === undefined;
  if (clientLimitUnset) process.env.CLIENT_RATE_LIMIT_BURST = '0';
  let app: INestApplication;
  try {
    app = await createApp(config, { db, setup: demo ? DemoModule : undefined });
    await app.init();
  } finally {
    if (clientLimitUnset) delete process.env.CLIENT_RATE_LIMIT_BURST;
  }
  await (app as NestFastifyApplication).getHttpAdapter().getInstance().ready();
  return app;
}
