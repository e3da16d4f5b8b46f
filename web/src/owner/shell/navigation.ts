import type { ComponentType } from 'react';
import { OrdersBadge } from '../features/orders/orders-badge';

/**
 * The owner app's sections, in the order the left panel shows them. A feature adds its section
 * here (forms, restock and analytics each add one), with the permission the server checks for
 * it: the panel shows only the sections the signed-in owner may use, and the server refuses the
 * rest anyway.
 */
export type Section = {
  /** Path under /config (no leading slash). */
  path: string;
  label: string;
  /** Roles that may open it; admin opens everything. Empty: any signed-in owner. */
  roles: readonly string[];
  /** Shown beside the label in the panel (a count of things waiting), only to owners who may open the section. */
  badge?: ComponentType;
};

export const SECTIONS: readonly Section[] = [
  { path: 'pages', label: 'Pages', roles: ['editor'] },
  { path: 'products', label: 'Products', roles: ['store manager'] },
  { path: 'orders', label: 'Orders', roles: ['store manager'], badge: OrdersBadge },
  { path: 'settings', label: 'Settings', roles: ['editor'] },
];

/** Whether an owner with these roles may open `section`. */
export function canOpen(section: Section, roles: readonly string[]): boolean {
  return roles.includes('admin') || section.roles.length === 0 || section.roles.some((r) => roles.includes(r));
}
