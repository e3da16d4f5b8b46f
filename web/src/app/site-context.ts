/**
 * The context the server rendered the page from, embedded as
 * `<script id="site-context" type="application/json">`. Only the fields the islands read are typed.
 */
export type SiteContext = {
  website?: { id: string; [key: string]: unknown };
  /** SPEC 3 storeSettings; `expressCheckout`: a successful add goes straight to checkout (SPEC 4). */
  storeSettings?: { selectedCurrency?: string; expressCheckout?: boolean; [key: string]: unknown } | null;
  /** A cart cookie exists for this visitor. */
  hasCart: boolean;
  /** A site user is signed in. */
  authenticated: boolean;
};

export function readSiteContext(doc: Document): SiteContext {
  const text = doc.getElementById('site-context')?.textContent;
  let raw: Partial<SiteContext> = {};
  if (text) {
    try {
      raw = JSON.parse(text) as Partial<SiteContext>;
    } catch {
      raw = {};
    }
  }
  return { ...raw, hasCart: raw.hasCart === true, authenticated: raw.authenticated === true };
}

/** SPEC §6/§7: the cart is loaded only when a site user is signed in or a cart cookie exists. */
export const shouldLoadCart = (context: SiteContext): boolean => context.authenticated || context.hasCart;

/** SPEC 4: with express checkout on, a successful add goes straight to checkout. */
export const expressCheckoutOn = (context: SiteContext): boolean => context.storeSettings?.expressCheckout === true;
