import { Controller, Get, Inject, Res } from '@nestjs/common';
import { hasPermission } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import type { ProjectionRunner } from '@storefront/projections';
import type { FastifyReply } from 'fastify';
import { DATABASE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { Req, type AppRequest } from '../infrastructure/http/request-context';

export type HealthStatus = 'ok' | 'degraded' | 'unavailable';

/**
 * Liveness and readiness: database reachability and every projection's lag. Anyone gets the
 * status and its HTTP code (200, or 503 when the database is unreachable), enough for a load
 * balancer; the details (driver, latency, error text, projections with their lease owners, which
 * name hosts and process ids) only a signed-in owner with `health.details` (the admin).
 */
@Controller('healthz')
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
  ) {}

  @Get()
  async health(@Req() req: AppRequest, @Res({ passthrough: true }) res: FastifyReply) {
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
    const status: HealthStatus = !reachable ? 'unavailable' : stopped ? 'degraded' : 'ok';
    res.status(reachable ? 200 : 503).header('Cache-Control', 'no-store');
    const owner = req.state.owner;
    if (!owner || !hasPermission(owner.roles, 'health.details')) return { status };
    return {
      status,
      database: { driver: this.db.driver, reachable, latencyMs, ...(error ? { error } : {}) },
      projections,
    };
  }
}
