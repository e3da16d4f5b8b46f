import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  domainError, inventoryDecider, inventoryStreamId, productDecider, productMerchandisingContext, productRecord, productStreamId,
  type InitialStock, type OwnerSummary, type ProductDetails, type ProductEvent, type ProductMerchandisingContext,
  type ProductRecord, type ProductState,
} from '@storefront/domain';
import { foldEvents, type EventStore } from '@storefront/eventstore';
import { ListOwnersQuery } from '../accounts';
import { EVENT_STORE } from '../infrastructure/database/tokens';
import { DomainException } from '../infrastructure/http/domain-exception';
import { lastStockChange, type VariantStockStatus } from './stock-status';

/**
 * What owner reads and writes answer: the details, the SPEC record, the merchandising context,
 * each variant's stock with who changed it last (`stock`, by SKU), and `version`: the product
 * stream's version, to send back in If-Match with the next save (issue 12).
 */
export type ProductView = {
  product: ProductDetails;
  record: ProductRecord;
  merchandising: ProductMerchandisingContext;
  stock: Record<string, VariantStockStatus>;
  version: number;
};

/**
 * Read-your-writes for owner commands: a product's state straight from its stream and its
 * variants' inventory streams (never the lagging projection).
 */
@Injectable()
export class ProductLoader {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queries: QueryBus,
  ) {}

  async state(productId: string): Promise<ProductState> {
    return (await this.stateAndVersion(productId)).state;
  }

  /** The product's state and its stream's version (0: no such product). */
  async stateAndVersion(productId: string): Promise<{ state: ProductState; version: number }> {
    const events = await this.store.readStream(productStreamId(productId));
    return { state: foldEvents<ProductState, ProductEvent>(productDecider, productDecider.initialState(), events), version: events.at(-1)?.streamPosition ?? 0 };
  }

  /** The product's details, or PRODUCT_NOT_FOUND when it does not exist or was deleted. */
  async details(productId: string): Promise<ProductDetails> {
    const state = await this.state(productId);
    if (state.status !== 'active') throw new DomainException(domainError('PRODUCT_NOT_FOUND'));
    return state.product;
  }

  async view(productId: string): Promise<ProductView> {
    const events = await this.store.readStream(productStreamId(productId));
    const state = foldEvents<ProductState, ProductEvent>(productDecider, productDecider.initialState(), events);
    if (state.status !== 'active') throw new DomainException(domainError('PRODUCT_NOT_FOUND'));
    const product = state.product;
    // Version-1 records carried their stock (upcast into initialStock); it counts until the variant's inventory stream exists.
    const first = events[0]?.type === 'ProductCreated' ? (events[0].data as Extract<ProductEvent, { type: 'ProductCreated' }>['data']) : undefined;
    const legacy = first?.initialStock ?? {};
    const stock = new Map<string, InitialStock>();
    const status: Record<string, VariantStockStatus> = {};
    await Promise.all(
      product.variants.map(async (v) => {
        const history = await this.store.readStream(inventoryStreamId(product.id, v.sku));
        const inventory = foldEvents(inventoryDecider, inventoryDecider.initialState(), history);
        if (inventory.tracked) stock.set(v.sku, { qtyInStock: inventory.qtyInStock, unlimited: inventory.unlimited });
        else if (legacy[v.sku]) stock.set(v.sku, legacy[v.sku]);
        const current = stock.get(v.sku) ?? { qtyInStock: 0, unlimited: false };
        status[v.sku] = { ...current, lastChange: lastStockChange(history) };
      }),
    );
    await this.nameOwners(Object.values(status));
    const record = productRecord(product, (sku) => stock.get(sku));
    return { product, record, merchandising: productMerchandisingContext(record, product), stock: status, version: events.at(-1)!.streamPosition };
  }

  /** Gives changes made by owners the owner's email (accounts answer ListOwnersQuery; owners are few). */
  private async nameOwners(statuses: VariantStockStatus[]): Promise<void> {
    const byOwner = statuses.map((s) => s.lastChange?.by).filter((by) => by?.kind === 'owner');
    if (byOwner.length === 0) return;
    const owners = await this.queries.execute<ListOwnersQuery, OwnerSummary[]>(new ListOwnersQuery());
    const emails = new Map(owners.map((o) => [o.id, o.email]));
    for (const by of byOwner) {
      const email = emails.get(by!.id);
      if (email) by!.email = email;
    }
  }
}
