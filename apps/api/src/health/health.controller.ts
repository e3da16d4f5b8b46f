import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Database } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import type { FastifyReply } from 'fastify';
import { DATABASE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';

/** Liveness and readiness: database reachability and every projection's lag. */
@Controller('healthz')
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) res: FastifyReply) {
    const started = process.hrtime.bigint();
    let reachable = true;
    let error: string | undefined;
    try {
      await this.db.query('SELECT 1');
    } catch (e) {
      reachable = false;
      error = e instanceof Error ? e.message : String(e);
    }
    const latencyMs = Number(process.hrtime.bigint() - started) / 1e6;
    const projections = reachable ? await this.runner.status() : [];
    const stopped = projections.some((p) => p.stopped);
    res.status(reachable ? 200 : 503);
    return {
      status: !reachable ? 'unavailable' : stopped ? 'degraded' : 'ok',
      database: { driver: this.db.driver, reachable, latencyMs, ...(error ? { error } : {}) },
      projections,
    };
  }
}
