import { useGetSiteSummaryQuery, type SiteSummary } from '../../shell/session-api';
import { useListStorePagesQuery, type StorePage } from './products-api';

/** GET /api/site/settings says more than the shell reads: the store's currency too. */
type SiteSettings = SiteSummary & { settings?: { currency?: string }; websiteSettings?: { storeSettings?: { selectedCurrency?: string } } };

/** The store's collection id for a store page: products name it as their collectionId. */
export const storeIdOf = (page: StorePage) => page.storeCollectionId ?? page.id;

/**
 * What the products screens need of the site: its id (owner catalog routes carry it), the store's
 * currency (new products are priced in it) and the store pages.
 */
export function useStore() {
  const site = useGetSiteSummaryQuery();
  const stores = useListStorePagesQuery();
  const data = site.data as SiteSettings | undefined;
  return {
    websiteId: data?.website.id,
    currency: data?.websiteSettings?.storeSettings?.selectedCurrency ?? data?.settings?.currency ?? 'USD',
    stores: stores.data ?? [],
    isLoading: site.isLoading || stores.isLoading,
    error: site.error ?? stores.error,
  };
}

/** The public address of a product's page: its store page's URL, then /p/ and its URL id. */
export function productPageUrl(stores: readonly StorePage[], collectionId: string, urlId: string): string | null {
  const page = stores.find((s) => storeIdOf(s) === collectionId);
  return page ? `${page.fullUrl.replace(/\/$/, '')}/p/${encodeURIComponent(urlId)}` : null;
}
