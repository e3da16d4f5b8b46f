export const RESTOCK_SETTINGS = Symbol('RESTOCK_SETTINGS');
export { type RestockSettings } from '../config/app-config';
