export class ListOwnerProductsQuery {
  constructor(readonly websiteId: string) {}
}
