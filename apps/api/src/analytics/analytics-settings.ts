export const ANALYTICS_SETTINGS = Symbol('ANALYTICS_SETTINGS');
export { type AnalyticsSettings } from '../config/app-config';
