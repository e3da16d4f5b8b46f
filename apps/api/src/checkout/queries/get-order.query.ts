export class GetOrderQuery {
  constructor(readonly orderId: string) {}
}

/** The owner's order list, newest first; `before` is the `createdOn` of the last order of the previous page. */
export class ListOrdersQuery {
  constructor(
    readonly options: { status?: 'PENDING' | 'FULFILLED' | 'CANCELED'; limit: number; before?: string },
  ) {}
}
