import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Database } from '@storefront/eventstore';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { AppLogger } from './infrastructure/http/app-logger';
import { BODY_LIMITS, installBodyParsers } from './infrastructure/http/body-parsers';
import { HttpErrorFilter } from './infrastructure/http/http-error.filter';
import { frameworkErrors, installRequestGuards } from './infrastructure/http/request-guards';
import { createStructuredLogger, installRequestLogging } from './infrastructure/http/request-logging';
import { parseQuery } from './infrastructure/http/query-string';
import { installStaticAssets } from './infrastructure/http/static-assets';
import { OwnerRequestHooks } from './security';
import { PasswordHashingModule, type ScryptParameters } from './security/password-hasher';
import { installSecurityHeaders } from './security/content-security-policy';

/** Responses smaller than this are sent as they are: compressing them costs more than it saves. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Builds the configured HTTP app on Fastify (used by main.ts and by the HTTP test suites). The
 * request pipeline, in order: request id and log line, cookies, the request guards (declared body
 * size, control characters in the address, query, cookies and tokens), body parsing with its limits,
 * the owner session and XSRF check, then Nest's guards and the route; every error leaves through
 * HttpErrorFilter; responses over 1 KiB are compressed (brotli or gzip) when the client accepts it.
 */
export async function createApp(
  config: AppConfig,
  options: {
    db?: Database;
    logger?: AppLogger;
    setup?: Type | DynamicModule;
    /**
     * The scrypt cost of the password hashes the app makes (default DEFAULT_SCRYPT, production's).
     * For the HTTP tests only, by code: no setting reaches it. Hashes of any cost verify.
     */
    passwordHashCost?: ScryptParameters;
  } = {},
): Promise<INestApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMITS.bytes,
    // X-Forwarded-For and X-Forwarded-Proto count only from the proxies TRUST_PROXY names (none by default).
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500, querystringParser: parseQuery },
    logger: false,
    return503OnClosing: true,
    frameworkErrors,
  });
  const root = AppModule.forRoot(config, { db: options.db, setup: options.setup });
  if (options.passwordHashCost) root.imports = [...(root.imports ?? []), PasswordHashingModule.withCost(options.passwordHashCost)];
  const app = await NestFactory.create<NestFastifyApplication>(root, adapter, {
    bodyParser: false,
    // A start-up failure (a data directory in use, a bad setting) reaches main.ts's message.
    abortOnError: false,
    logger: config.logLevel === 'silent' ? false : (options.logger ?? new AppLogger()),
  });
  const fastify = app.getHttpAdapter().getInstance();
  const log = createStructuredLogger(config.logLevel === 'silent');
  installRequestLogging(fastify, log);
  installSecurityHeaders(fastify);
  await app.register(fastifyCookie);
  installRequestGuards(fastify);
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
  installBodyParsers(fastify);
  await app.register(fastifyMultipart);
  app.get(OwnerRequestHooks).install(fastify);
  app.useGlobalFilters(new HttpErrorFilter());
  await installStaticAssets(app, config.webDistDir);
  fastify.addHook('onClose', async () => log.flush());
  app.enableShutdownHooks();
  return app;
}
