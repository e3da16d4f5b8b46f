import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { checkoutView, type CheckoutView } from '@storefront/domain';
import type { Database } from '@storefront/eventstore';
import { CHECKOUTS } from '@storefront/projections';
import { DATABASE } from '../../infrastructure/database/tokens';
import { CheckoutProcess } from '../process/checkout-process';
import { GetCheckoutQuery, ListCheckoutsQuery } from './list-checkouts.query';

@QueryHandler(ListCheckoutsQuery)
export class ListCheckoutsHandler implements IQueryHandler<ListCheckoutsQuery, CheckoutView[]> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ options }: ListCheckoutsQuery): Promise<CheckoutView[]> {
    const { rows } = await this.db.query<{ view: CheckoutView }>(
      `SELECT view FROM ${CHECKOUTS}
        WHERE ($1::boolean IS NULL OR needs_attention = $1) AND ($2::text IS NULL OR status = $2)
          AND ($3::timestamptz IS NULL OR started_at < $3::timestamptz)
        ORDER BY started_at DESC, checkout_id DESC LIMIT $4`,
      [options.needsAttention ?? null, options.status ?? null, options.before ?? null, options.limit],
    );
    return rows.map((r) => r.view);
  }
}

/** One checkout, from its stream (always current: the owner looks at one when something went wrong). */
@QueryHandler(GetCheckoutQuery)
export class GetCheckoutHandler implements IQueryHandler<GetCheckoutQuery, CheckoutView | null> {
  constructor(private readonly checkouts: CheckoutProcess) {}

  async execute({ checkoutId }: GetCheckoutQuery): Promise<CheckoutView | null> {
    return checkoutView(await this.checkouts.load(checkoutId));
  }
}
