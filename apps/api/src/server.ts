import 'reflect-metadata';
import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';
import { AppLogger } from './infrastructure/http/app-logger';
import { StartupNotices } from './infrastructure/startup-notices';
import { WorkerModule } from './worker.module';

/**
 * Starts the product: HTTP (ROLE=all or api) or projections only (ROLE=worker). A terminal shows
 * the start-up log lines first, then, last, where the eye lands: the URL, the owner sign-in and a
 * generated password (a worker: its line, then the log lines). `setup` prepares a new database (see AppModule.forRoot); an entry point that
 * passes none gets the product's own.
 */
export async function startServer(options: { setup?: Type | DynamicModule } = {}): Promise<void> {
  const config = loadConfig();
  const logger = new AppLogger({ holdUntilStarted: true });
  if (config.role === 'worker') {
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger, abortOnError: false });
    worker.enableShutdownHooks();
    process.stdout.write('Storefront worker running projections\n');
    logger.started();
    return;
  }
  const app = await createApp(config, { logger, setup: options.setup });
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  // PORT=0 without SITE_URL: the default site address is the port actually picked.
  if (config.siteUrlDefaulted && config.port === 0) config.siteUrl = url;
  logger.started();
  process.stdout.write(
    `Storefront listening on ${url}\n` +
      `Owner sign-in: ${url}/config/login as ${config.ownerEmail}\n` +
      app.get(StartupNotices).drain(),
  );
}

/** An entry point's last word when start-up fails. */
export function failedToStart(error: unknown): never {
  // A bad setting is the operator's to fix: its message says which and what it accepts, no stack.
  const detail = error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`Storefront failed to start: ${detail}\n`);
  process.exit(1);
}
