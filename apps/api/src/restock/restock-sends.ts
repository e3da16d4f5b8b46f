import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  restockSendDecider, restockSendStreamId, restockSignUpDecider, restockSignUpStreamId, RESTOCK_SEND_STREAM_TYPE, RESTOCK_SIGN_UP_STREAM_TYPE,
  type RestockSendRequested,
} from '@storefront/domain';
import type { CommandContext, Database, EventStore, RecordedEvent } from '@storefront/eventstore';
import { readRestockSignUps, RESTOCK_SIGN_UPS, restockProjection, type ProjectionRunner } from '@storefront/projections';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CommandExecutor } from '../infrastructure/command-executor';
import { DATABASE, EVENT_STORE, PROJECTION_RUNNER } from '../infrastructure/database/tokens';
import { derivedUuid } from '../infrastructure/derived-ids';
import { EventFollower } from '../infrastructure/event-follower';

const PAGE = 500;
/** Sign-ups queued together in one multi-stream append (one transaction instead of one each). */
const QUEUE_BATCH = 100;

/**
 * Carries out send requests (RestockSendRequested): once the restock lists have caught up with
 * the log, queues a notification (RestockNotificationQueued, on the sign-up's stream) for each
 * sign-up of the variant waiting, oldest first, at most `limit` of them counting those this
 * request already queued, then records RestockSendCompleted. A crash halfway leaves the request
 * where it was in the log: the worker takes it up again, the sign-ups already queued are no longer
 * waiting (and count towards the limit), and the rest get theirs: nobody is skipped or queued twice.
 */
@Injectable()
export class RestockSends extends EventFollower {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(DATABASE) db: Database,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    private readonly executor: CommandExecutor,
  ) {
    super('restock-sends', ['RestockSendRequested'], 10, config, db, store);
  }

  protected async handle(event: RecordedEvent): Promise<void> {
    const { requestId, productId, variantId, limit } = (event as RecordedEvent<RestockSendRequested['data']>).data;
    const sendStream = await this.store.readStream(restockSendStreamId(requestId));
    if (sendStream.some((e) => e.type === 'RestockSendCompleted')) return;
    // Everything committed so far is in the lists: the sign-ups before the request, and what an earlier run of it queued.
    await this.runner.catchUp(restockProjection.name);
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${RESTOCK_SIGN_UPS} WHERE request_id = $1 AND status IN ('queued', 'notified')`,
      [requestId],
    );
    let queued = Number(rows[0]?.n ?? 0);
    const context = (step: string): CommandContext => ({
      commandId: derivedUuid(event.eventId, step), commandIdIsNew: false, correlationId: event.metadata?.correlationId ?? event.eventId,
      causationId: event.eventId, actor: { kind: 'system', id: 'restock-sends' }, requestId: `restock-send-${requestId}`,
    });
    for (let after = 0; limit === null || queued < limit;) {
      const page = await readRestockSignUps(this.db, productId, variantId, after, PAGE, ['waiting']);
      for (let i = 0; i < page.items.length && (limit === null || queued < limit); i += QUEUE_BATCH) {
        if (this.isStopped) throw new Error('stopped');
        const room = limit === null ? QUEUE_BATCH : Math.min(QUEUE_BATCH, limit - queued);
        const targets = page.items.slice(i, i + room).map((signUp) => ({
          streamId: restockSignUpStreamId(signUp.signUpId), streamType: RESTOCK_SIGN_UP_STREAM_TYPE, decider: restockSignUpDecider,
          // A fresh id per attempt: a batch taken up again after a crash decides anew (the decide queues only a waiting sign-up).
          context: { ...context(`queue:${signUp.signUpId}`), commandId: randomUUID(), commandIdIsNew: true },
        }));
        // The chunk's sign-ups in one commit: each is queued only if its stream still says waiting.
        const result = await this.executor.executeTogether(targets.map((t) => t.streamId), async (batch) => {
          await batch.load(targets);
          const now = new Date().toISOString();
          let accepted = 0;
          for (const target of targets) {
            const decision = await batch.decide(target, { type: 'QueueRestockNotification', data: { requestId, now } });
            if (decision.ok && decision.events.length > 0) accepted += 1;
          }
          return accepted;
        });
        queued += result.value;
      }
      if (!page.hasNextPage) break;
      after = page.lastSeq;
    }
    await this.executor.execute({
      streamId: restockSendStreamId(requestId), streamType: RESTOCK_SEND_STREAM_TYPE, decider: restockSendDecider,
      command: { type: 'CompleteRestockSend', data: { queued, now: new Date().toISOString() } },
      context: context('complete'),
    });
  }
}
