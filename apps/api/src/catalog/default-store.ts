/**
 * The store (a products collection) made on first start beside the website. Owner API calls that
 * create a product without naming a collection create it here (its id is the domain's, so other
 * contexts may name it too).
 */
export { DEFAULT_STORE_COLLECTION_ID } from '@storefront/domain';
export const DEFAULT_STORE_TITLE = 'Shop';
