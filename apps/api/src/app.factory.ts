import { ConsoleLogger, INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Database } from '@storefront/eventstore';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule } from './app.module';
import type { AppConfig } from './config/app-config';
import { HttpErrorFilter, toErrorResponse } from './infrastructure/http/http-error.filter';
import { requestLogging, structuredLogger } from './infrastructure/http/request-logging';

/** Builds the configured HTTP app (used by main.ts and by the HTTP test suites). */
export async function createApp(config: AppConfig, options: { db?: Database } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), {
    bodyParser: false,
    logger: config.logLevel === 'silent' ? false : new ConsoleLogger({ json: true, colors: false, logLevels: ['log', 'warn', 'error'] }),
  });
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(requestLogging(structuredLogger(config.logLevel === 'silent')));
  app.use(cookieParser());
  app.use(express.json({ limit: '1mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  // Body-parser failures happen before Nest's filters: answer them in the same shape.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const { status, body } = toErrorResponse(error);
    res.status(status).json(body);
  });
  app.useGlobalFilters(new HttpErrorFilter());
  app.useStaticAssets(config.webDistDir, { prefix: '/static/', index: false, maxAge: '1h' });
  app.enableShutdownHooks();
  return app;
}
