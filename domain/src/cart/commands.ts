import type { Parsed, SentText } from '../shared/requests';
import type { AdditionalFields } from './additional-fields';
import type { AdditionalFieldsForm } from './additional-fields';
import type { CartProduct } from './cart-product';

/** Store settings the cart obeys (SPEC 3 'Site context' storeSettings). */
export type CartStoreSettings = {
  /** Default true; when false a service can be in the cart at most once, with quantity 1. */
  multipleQuantityAllowedForServices: boolean;
};

export const DEFAULT_CART_STORE_SETTINGS: CartStoreSettings = { multipleQuantityAllowedForServices: true };

export type AddItemToCart = {
  type: 'AddItemToCart';
  data: {
    cartId: string;
    websiteId: string;
    currency: string;
    /** Id to give a new entry (the handler mints it, so decide stays pure). */
    newEntryId: string;
    /** The requested product as looked up now, or null when unknown, disabled or deleted. */
    product: CartProduct | null;
    /** The sku as sent; decide resolves it against the product's variants. */
    sku: SentText;
    /**
     * The request's quantity and additional fields, parsed at the edge (`cart/requests.ts`); decide
     * reports their problems after refusing a closed cart (SPEC order).
     */
    quantity: Parsed<number>;
    additionalFields: Parsed<AdditionalFields>;
    storeSettings: CartStoreSettings;
    now: string;
  };
};

export type ChangeCartEntryQuantity = {
  type: 'ChangeCartEntryQuantity';
  data: {
    cartId: string;
    entryId: string;
    /** The new quantity (0 removes the entry) or its problem, reported once the entry is found. */
    quantity: Parsed<number>;
    /** The entry's product as looked up now (null when it is no longer for sale). */
    product: CartProduct | null;
    storeSettings: CartStoreSettings;
    now: string;
  };
};

export type RemoveCartEntry = {
  type: 'RemoveCartEntry';
  data: { cartId: string; entryId: string; now: string };
};

export type UpdateCartEntryAdditionalFields = {
  type: 'UpdateCartEntryAdditionalFields';
  data: {
    cartId: string;
    entryId: string;
    /** When sent, must be the entry's item and sku (the page's view of the entry); a value that is not text names no entry. */
    itemId: SentText;
    sku: SentText;
    /** The new form answers or their problem, reported once the entry is found. */
    additionalFields: Parsed<AdditionalFields>;
    /** The entry's product's additional-fields form as looked up now: the new answers must pass it (absent or null: no form). */
    form?: AdditionalFieldsForm | null;
    now: string;
  };
};

/**
 * Checkout closes the cart for the order it placed. `expectedEntries` is the cart the order was
 * priced from (entry id → quantity): a cart edited since then is not the cart that was bought.
 */
export type PurchaseCart = {
  type: 'PurchaseCart';
  data: { cartId: string; orderId: string; expectedEntries: Record<string, number>; now: string };
};

export type CartCommand = AddItemToCart | ChangeCartEntryQuantity | RemoveCartEntry | UpdateCartEntryAdditionalFields | PurchaseCart;
