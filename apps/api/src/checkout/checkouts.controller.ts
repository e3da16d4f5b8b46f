import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { domainError, type CheckoutView } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import { RequiresPermission } from '../security';
import { GetCheckoutQuery, ListCheckoutsQuery } from './queries/list-checkouts.query';

const CHECKOUT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const STATUSES = ['IN_PROGRESS', 'COMPLETED', 'COMPENSATED'] as const;

/**
 * Store managers' view of checkout processes: `needsAttention=true` lists the checkouts the
 * recovery worker had to complete or compensate after their request crashed or hung.
 */
@Controller('api/commerce/checkouts')
export class CheckoutsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @RequiresPermission('orders.manage')
  async list(
    @Query('needsAttention') needsAttention?: string,
    @Query('status') status?: string,
    @Query('limit') limit?: string,
    @Query('before') before?: string,
  ): Promise<{ checkouts: CheckoutView[] }> {
    if (needsAttention !== undefined && needsAttention !== 'true' && needsAttention !== 'false') {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'needsAttention' }, 'needsAttention must be true or false.'));
    }
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'status' }, 'status must be IN_PROGRESS, COMPLETED or COMPENSATED.'));
    }
    const size = limit === undefined ? 50 : Number(limit);
    if (!Number.isInteger(size) || size < 1 || size > 200) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'limit' }, 'limit must be a whole number from 1 to 200.'));
    }
    if (before !== undefined && Number.isNaN(Date.parse(before))) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'before' }, 'before must be a date.'));
    }
    const checkouts = await this.queries.execute<ListCheckoutsQuery, CheckoutView[]>(
      new ListCheckoutsQuery({
        needsAttention: needsAttention === undefined ? undefined : needsAttention === 'true',
        status: status as (typeof STATUSES)[number] | undefined,
        limit: size,
        before,
      }),
    );
    return { checkouts };
  }

  @Get(':checkoutId')
  @RequiresPermission('orders.manage')
  async one(@Param('checkoutId') id: string): Promise<CheckoutView> {
    if (!CHECKOUT_ID.test(id)) throw new DomainException(domainError('CHECKOUT_NOT_FOUND'));
    const view = await this.queries.execute<GetCheckoutQuery, CheckoutView | null>(new GetCheckoutQuery(id));
    if (!view) throw new DomainException(domainError('CHECKOUT_NOT_FOUND'));
    return view;
  }
}
