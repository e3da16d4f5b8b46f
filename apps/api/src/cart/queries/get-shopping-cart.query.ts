export class GetShoppingCartQuery {
  constructor(readonly cartId: string) {}
}
