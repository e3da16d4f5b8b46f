import type { ComponentType } from 'react';
import { hasPermission, type Permission } from '@storefront/domain/accounts/permissions';
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
  /** What the section needs, from the server's permission table (domain/src/accounts/permissions.ts, docs/PERMISSIONS.md). */
  permission: Permission;
  /** Shown beside the label in the panel (a count of things waiting), only to owners who may open the section. */
  badge?: ComponentType;
};

export const SECTIONS: readonly Section[] = [
  { path: 'pages', label: 'Pages', permission: 'pages.edit' },
  { path: 'products', label: 'Products', permission: 'products.manage' },
  { path: 'orders', label: 'Orders', permission: 'orders.manage', badge: OrdersBadge },
  { path: 'forms', label: 'Forms', permission: 'forms.manage' },
  { path: 'restock', label: 'Restock', permission: 'restock.manage' },
  { path: 'settings', label: 'Settings', permission: 'settings.edit' },
  { path: 'mail', label: 'Mail', permission: 'mail.view' },
  { path: 'analytics', label: 'Analytics', permission: 'analytics.view' },
];

/** Whether an owner with these roles may open `section`: the same table the server enforces. */
export function canOpen(section: Section, roles: readonly string[]): boolean {
  return hasPermission(roles, section.permission);
}
