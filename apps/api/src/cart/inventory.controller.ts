import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { GetInventoryStockQuery } from './queries/get-inventory-stock.query';
import type { InventoryStock } from './queries/get-inventory-stock.handler';

/** SPEC 7: GET /api/commerce/inventory/stock/?itemId=… → { results: [{ sku, qtyInStock, unlimited }] }. */
@Controller('api/commerce/inventory')
export class InventoryController {
  constructor(private readonly queries: QueryBus) {}

  @Get('stock')
  stock(@Query('itemId') itemId: unknown): Promise<InventoryStock> {
    return this.queries.execute(new GetInventoryStockQuery(itemId));
  }
}
