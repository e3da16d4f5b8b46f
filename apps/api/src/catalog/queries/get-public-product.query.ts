export class GetPublicProductQuery {
  constructor(readonly productId: string) {}
}
