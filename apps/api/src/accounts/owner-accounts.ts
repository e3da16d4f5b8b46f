import { Inject, Injectable } from '@nestjs/common';
import {
  OWNER_ACCOUNT_STREAM_TYPE, ownerAccountDecider, ownerAccountStreamId, type OwnerAccountEvent, type OwnerAccountState,
} from '@storefront/domain';
import { foldEvents, type EventStore } from '@storefront/eventstore';
import { EVENT_STORE } from '../infrastructure/database/tokens';

/**
 * Reads owner accounts straight from their streams (read-your-writes: no projection lag, so an
 * owner registered a moment ago can sign in at once).
 */
@Injectable()
export class OwnerAccounts {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The account state of an email (already normalized); 'unregistered' when nobody has it. */
  async byEmail(email: string): Promise<OwnerAccountState> {
    return this.byStreamId(ownerAccountStreamId(email));
  }

  /**
   * Every owner account. Owners are few, so this lists the account streams and folds each one;
   * an `owner_accounts` projection can replace it when lists need paging or search.
   */
  async all(): Promise<OwnerAccountState[]> {
    const { rows } = await this.store.db.query<{ stream_id: string }>(
      'SELECT stream_id FROM streams WHERE stream_type = $1 ORDER BY stream_id',
      [OWNER_ACCOUNT_STREAM_TYPE],
    );
    const states: OwnerAccountState[] = [];
    for (const row of rows) states.push(await this.byStreamId(row.stream_id));
    return states;
  }

  private async byStreamId(streamId: string): Promise<OwnerAccountState> {
    const events = await this.store.readStream(streamId);
    return foldEvents<OwnerAccountState, OwnerAccountEvent>(ownerAccountDecider, ownerAccountDecider.initialState(), events);
  }
}
