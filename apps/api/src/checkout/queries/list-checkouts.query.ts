/** The owner's list of checkouts, newest first: all, or only those the recovery worker had to finish or compensate. */
export class ListCheckoutsQuery {
  constructor(readonly options: { needsAttention?: boolean; status?: 'IN_PROGRESS' | 'COMPLETED' | 'COMPENSATED'; limit: number; before?: string }) {}
}

export class GetCheckoutQuery {
  constructor(readonly checkoutId: string) {}
}
