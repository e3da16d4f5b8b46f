import 'reflect-metadata';
import { ConsoleLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createApp } from './app.factory';
import { loadConfig } from './config/app-config';
import { WorkerModule } from './worker.module';

/** Starts the product: HTTP (ROLE=all or api) or projections only (ROLE=worker). */
async function main() {
  const config = loadConfig();
  if (config.role === 'worker') {
    const worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
      logger: new ConsoleLogger({ json: true, colors: false, logLevels: ['log', 'warn', 'error'] }),
    });
    worker.enableShutdownHooks();
    process.stdout.write('Storefront worker running projections\n');
    return;
  }
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`Storefront listening on http://${config.host}:${port}\n`);
}

main().catch((error) => {
  process.stderr.write(`Storefront failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
