import { Injectable } from '@nestjs/common';
import {
  INVENTORY_STREAM_TYPE, inventoryDecider, inventoryStreamId, PRODUCT_STREAM_TYPE, productDecider, productStreamId, STORE_STREAM_TYPE,
  storeDecider, storeStreamId, type InventoryCommand, type InventoryState, type ProductCommand, type ProductState, type StoreCommand,
  type StoreState,
} from '@storefront/domain';
import type { CommandContext } from '@storefront/eventstore';
import { createHash } from 'node:crypto';
import { CommandExecutor } from '../infrastructure/command-executor';
import { DomainException } from '../infrastructure/http/domain-exception';

/**
 * One owner request may append to several streams (store → product → inventory). Each append gets
 * its own command id derived from the request's, so an `Idempotency-Key` retry replays every step
 * instead of appending twice, and the steps stay distinguishable in the commands table.
 */
export function stepContext(context: CommandContext, step: string): CommandContext {
  return { ...context, commandId: derivedUuid(context.commandId, step), causationId: context.commandId };
}

/** A stable UUID (version-5 layout) for a name under a parent id. */
export function derivedUuid(parent: string, name: string): string {
  const h = createHash('sha1').update(`${parent}:${name}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Runs catalog deciders against their streams; a rejection leaves as a DomainException (nothing appended). */
@Injectable()
export class CatalogWriter {
  constructor(private readonly executor: CommandExecutor) {}

  async store(context: CommandContext, collectionId: string, command: StoreCommand): Promise<StoreState> {
    const result = await this.executor.execute({
      streamId: storeStreamId(collectionId), streamType: STORE_STREAM_TYPE, decider: storeDecider, command, context,
    });
    if (!result.ok) throw new DomainException(result.error);
    return result.state;
  }

  async product(context: CommandContext, productId: string, command: ProductCommand): Promise<ProductState> {
    const result = await this.executor.execute({
      streamId: productStreamId(productId), streamType: PRODUCT_STREAM_TYPE, decider: productDecider, command, context,
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
