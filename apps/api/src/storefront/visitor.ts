/**
 * Who is asking, as far as the page cares: `roles` are the signed-in account's contributor roles
 * (none for a visitor), `owner` whether they read the site as an owner does (`site.view`: drafts,
 * locked and members-only pages).
 */
export type Visitor = {
  baseUrl: string;
  hasCart: boolean;
  /** The cart the visitor's cart cookie names, its MAC checked (cart and checkout pages); null or absent: none. */
  cartId?: string | null;
  /** The order a checkout receipt cookie names (its MAC and expiry checked): the checkout page sends its buyer there. */
  receiptOrderId?: string | null;
  /** The subscription cart the visitor's subscription cart cookie names (its MAC checked): the only one their subscription checkout opens. */
  subscriptionCartToken?: string | null;
  roles: readonly string[];
  owner: boolean;
  isUnlocked(collectionId: string): Promise<boolean>;
};
