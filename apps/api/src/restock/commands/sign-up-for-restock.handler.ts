import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { restockError, restockSignUpDecider, restockSignUpStreamId, RESTOCK_SIGN_UP_STREAM_TYPE } from '@storefront/domain';
import type { EventStore } from '@storefront/eventstore';
import { createHash } from 'node:crypto';
import { ProductCatalog } from '../../catalog';
import { CommandExecutor } from '../../infrastructure/command-executor';
import { EVENT_STORE } from '../../infrastructure/database/tokens';
import { DomainException } from '../../infrastructure/http/domain-exception';
import { NewStreamCommits } from '../../infrastructure/new-stream-commits';
import { SignUpForRestockCommand } from './sign-up-for-restock.command';

/** One sign-up per address and variant: its id (and stream) is derived from them. */
export function restockSignUpId(productId: string, variantId: string, email: string): string {
  return createHash('sha256').update(`${productId}\n${variantId}\n${email}`).digest('hex').slice(0, 32);
}

export type SignUpForRestockResult = { signUpId: string; created: boolean };

/**
 * Signs the address up for the variant, when the product offers back-in-stock notifications for
 * it (the product's merchandising context lists the variant: restock on, stock tracked). Twice is
 * accepted and kept once (the stream's decide); the mailing-list opt-in travels on the event.
 *
 * A sign-up's stream is almost always new, so it is decided without reading it and committed
 * together with the sign-ups that arrive meanwhile (NewStreamCommits); an address already on the
 * stream makes that append conflict, and the group is decided again on the streams as read. One
 * sent with an Idempotency-Key (a retry must find its first append) goes alone through the executor.
 */
@CommandHandler(SignUpForRestockCommand)
export class SignUpForRestockHandler implements ICommandHandler<SignUpForRestockCommand, SignUpForRestockResult> {
  private readonly commits: NewStreamCommits;

  constructor(
    private readonly executor: CommandExecutor,
    private readonly catalog: ProductCatalog,
    @Inject(EVENT_STORE) store: EventStore,
  ) {
    this.commits = new NewStreamCommits(store);
  }

  async execute({ context, request }: SignUpForRestockCommand): Promise<SignUpForRestockResult> {
    const merchandising = (await this.catalog.merchandisingContext([request.productId]))[request.productId];
    if (!merchandising?.restockNotificationViews.some((v) => v.variantId === request.variantId)) {
      throw new DomainException(restockError('RESTOCK_NOT_OFFERED', { productId: request.productId, variantId: request.variantId }));
    }
    const signUpId = restockSignUpId(request.productId, request.variantId, request.email);
    const target = { streamId: restockSignUpStreamId(signUpId), streamType: RESTOCK_SIGN_UP_STREAM_TYPE, decider: restockSignUpDecider, context };
    const command = { type: 'SignUpForRestock' as const, data: { signUpId, request, now: new Date().toISOString() } };
    const result = context.commandIdIsNew
      ? await this.commits.run((batch) => batch.decide({ ...target, newStream: true }, command))
      : await this.executor.execute({ ...target, command });
    if (!result.ok) throw new DomainException(result.error);
    return { signUpId, created: result.events.length > 0 };
  }
}
