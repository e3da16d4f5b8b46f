import type { CartPageIslandData } from '@storefront/domain/cart/cart-page-view';

/** The JSON the server rendered a cart or checkout page from (commerce-view.ts), or null when it is not that. */
export function readIslandData(raw: string | undefined): CartPageIslandData | null {
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as CartPageIslandData;
    return data && typeof data === 'object' && data.urls && data.settings ? data : null;
  } catch {
    return null;
  }
}
