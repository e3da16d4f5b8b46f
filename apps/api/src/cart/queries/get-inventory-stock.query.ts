export class GetInventoryStockQuery {
  constructor(readonly itemId: unknown) {}
}
