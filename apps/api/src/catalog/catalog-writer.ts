import { Injectable } from '@nestjs/common';
import {
  INVENTORY_STREAM_TYPE, inventoryDecider, inventoryStreamId, PRODUCT_STREAM_TYPE, productDecider, productStreamId, STORE_STREAM_TYPE,
  storeDecider, storeStreamId, type InventoryCommand, type InventoryState, type ProductCommand, type ProductState, type StoreCommand,
  type StoreState,
} from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';
import { CommandExecutor, type BasedOn } from '../infrastructure/command-executor';
import { DomainException } from '../infrastructure/http/domain-exception';

/** Runs catalog deciders against their streams; a rejection leaves as a DomainException (nothing appended). */
@Injectable()
export class CatalogWriter {
  constructor(private readonly executor: CommandExecutor) {}

  async store(context: CommandContext, collectionId: string, command: StoreCommand, basedOn: BasedOn = {}): Promise<StoreState> {
    const result = await this.executor.execute({
      streamId: storeStreamId(collectionId), streamType: STORE_STREAM_TYPE, decider: storeDecider, command, context, ...basedOn,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  async product(context: CommandContext, productId: string, command: ProductCommand, basedOn: BasedOn = {}): Promise<ProductState> {
    const result = await this.executor.execute({
      streamId: productStreamId(productId), streamType: PRODUCT_STREAM_TYPE, decider: productDecider, command, context, ...basedOn,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  async inventory(context: CommandContext, productId: string, sku: string, command: InventoryCommand): Promise<InventoryState> {
    const result = await this.executor.execute({
      streamId: inventoryStreamId(productId, sku), streamType: INVENTORY_STREAM_TYPE, decider: inventoryDecider, command, context,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }
}
