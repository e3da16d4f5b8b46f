import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { ActiveCheckout } from '@storefront/domain';
import type { CommandContext, Database } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DATABASE } from '../../infrastructure/database/tokens';
import { CHECKOUT_PROCESS_SETTINGS, type CheckoutProcessSettings } from './checkout-process-settings';
import { CheckoutProcess } from './checkout-process';

const LEASE = 'checkout-recovery';
const BATCH = 200;

export type RecoveryRound = { completed: string[]; compensated: string[] };

/**
 * Finishes or compensates every checkout left unfinished past the deadline (its request's process
 * crashed, or it hung): one holding payment and stock, or whose cart is closed, is completed; any
 * other is compensated (stock released, payment voided). Runs in ROLE=all and ROLE=worker
 * processes; a lease (`process_leases`) keeps one instance active, and should two ever overlap
 * (an expired lease) the checkout stream's expected versions and the steps' idempotency still do
 * each step once. Candidates come from the `checkouts` read model; each is re-read from its stream
 * before anything is done.
 */
@Injectable()
export class CheckoutRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('CheckoutRecovery');
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(CHECKOUT_PROCESS_SETTINGS) private readonly settings: CheckoutProcessSettings,
    private readonly checkouts: CheckoutProcess,
  ) {}

  onApplicationBootstrap() {
    if (this.config.role === 'api' || this.settings.recoveryIntervalMs === 0) return;
    this.schedule(Math.min(this.settings.recoveryIntervalMs, 500));
  }

  async onApplicationShutdown() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.db.query('UPDATE process_leases SET expires_at = clock_timestamp() WHERE name = $1 AND owner = $2', [LEASE, this.owner]).catch(() => undefined);
  }

  /** One pass over the checkouts unfinished past the deadline at `now` (the loop calls this under the lease). */
  async recoverOnce(now: Date = new Date()): Promise<RecoveryRound> {
    const round: RecoveryRound = { completed: [], compensated: [] };
    const cutoff = new Date(now.getTime() - this.settings.recoveryDeadlineMs).toISOString();
    const { rows } = await this.db.query<{ checkout_id: string }>(
      `SELECT checkout_id FROM checkouts WHERE status = 'IN_PROGRESS' AND updated_at < $1::timestamptz ORDER BY updated_at LIMIT ${BATCH}`,
      [cutoff],
    );
    for (const { checkout_id: checkoutId } of rows) {
      if (this.stopped) break;
      let ended: ActiveCheckout | null;
      try {
        ended = await this.checkouts.recover(checkoutId, now, this.settings.recoveryDeadlineMs, this.context(checkoutId));
      } catch (error) {
        // Left for the next round (a step's work failed: provider or database trouble).
        this.logger.warn(`checkout ${checkoutId} not recovered yet: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      if (ended?.status === 'completed') round.completed.push(checkoutId);
      if (ended?.status === 'compensated') round.compensated.push(checkoutId);
      if (ended) this.logger.log(`checkout ${checkoutId} ${ended.status} by recovery (stuck after ${ended.recovery?.stuckAfter ?? '?'})`);
    }
    return round;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule(this.settings.recoveryIntervalMs);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      if (await this.acquireLease()) await this.recoverOnce();
    } catch (error) {
      this.logger.warn(`checkout recovery round failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Takes or renews the lease when it is free, expired or ours. */
  private async acquireLease(): Promise<boolean> {
    const leaseMs = Math.max(1000, 3 * this.settings.recoveryIntervalMs);
    const { rows } = await this.db.query<{ owner: string }>(
      `INSERT INTO process_leases (name, owner, expires_at) VALUES ($1, $2, clock_timestamp() + make_interval(secs => $3::double precision / 1000))
       ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
         WHERE process_leases.owner = excluded.owner OR process_leases.expires_at < clock_timestamp()
       RETURNING owner`,
      [LEASE, this.owner, leaseMs],
    );
    return rows.length === 1;
  }

  private context(checkoutId: string): CommandContext {
    const commandId = randomUUID();
    return { commandId, correlationId: checkoutId, causationId: null, actor: { kind: 'system', id: 'checkout-recovery' }, commandIdIsNew: true };
  }
}
