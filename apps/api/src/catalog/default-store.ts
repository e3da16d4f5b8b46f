/**
 * The store (a products collection) made on first start beside the website. Owner API calls that
 * create a product without naming a collection create it here.
 */
export const DEFAULT_STORE_COLLECTION_ID = 'shop';
export const DEFAULT_STORE_TITLE = 'Shop';
