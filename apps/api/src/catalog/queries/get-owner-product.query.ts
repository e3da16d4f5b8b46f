export class GetOwnerProductQuery {
  constructor(readonly websiteId: string, readonly productId: string) {}
}
