import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ownerSummary, type OwnerSummary } from '@storefront/domain';
import { OwnerAccounts } from '../owner-accounts';
import { ListOwnersQuery } from './list-owners.query';

@QueryHandler(ListOwnersQuery)
export class ListOwnersHandler implements IQueryHandler<ListOwnersQuery, OwnerSummary[]> {
  constructor(private readonly accounts: OwnerAccounts) {}

  async execute(): Promise<OwnerSummary[]> {
    const states = await this.accounts.all();
    return states.map(ownerSummary).filter((owner): owner is OwnerSummary => owner !== null);
  }
}
