export const FORMS_SETTINGS = Symbol('FORMS_SETTINGS');
export { type FormSettings } from '../config/app-config';
