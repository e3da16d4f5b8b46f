import { isOwnerRole, OWNER_ROLES, type OwnerRole } from './roles';

/**
 * What a contributor may do: the capabilities of the owner API, and the one permission table that
 * gives them to the SPEC's contributor roles (section 3, 'Contributor roles'; section 6 leaves the
 * rules per role unstated, so they are chosen here). The API's guard checks every owner route
 * against this table (`@RequiresPermission` in apps/api), the owner app imports the same table to
 * show only what a role can do, and docs/PERMISSIONS.md is generated from it.
 *
 * The capabilities follow the owner API as it is, one per kind of work a role is trusted with:
 *
 * - `site.view` reads the site's owner data (settings, pages and collections, items, navigation,
 *   header and footer) and shows unpublished, locked and members-only pages on the published site
 *   to the signed-in account. Every role has it: it is the viewer's whole job, and each other role
 *   works on or around the site.
 * - `pages.edit`, `navigation.edit`, `settings.edit`: the content editor's work, split the way the
 *   owner app's panel is (pages with their blocks and items; navigation, home page, header and
 *   footer; the website's settings).
 * - `blocks.code`: adding or changing embed and code blocks, and layout markup (tables, layout
 *   elements, video frames) in html blocks, which every reader's browser gets: the admin's alone.
 *   Anyone who edits pages writes html blocks (Heading, Text) with formatting only (docs/SECURITY.md).
 * - `media.manage`: the image library; both editors (image blocks) and store managers (product
 *   images) upload.
 * - `products.view` reads the owner catalog (every product, enabled or not, with its stock), which
 *   an editor needs to place product blocks; `products.manage` changes it.
 * - `orders.manage`: orders (list, full detail without the buyer's token, fulfil, cancel) and
 *   checkouts that need attention.
 * - `forms.manage`: the form builder's forms, their submissions and the mailing list (issue 14).
 * - `restock.manage`: the restock lists (who waits for which variant), sending their notifications
 *   and erasing a person's sign-ups (issue 15).
 * - `analytics.view`: the analytics reports (`GET /api/config/analytics/{report}` and its `.csv`).
 * - `accounts.manage`: listing and creating owner accounts, which grants roles: the admin's alone.
 * - `health.details`: the health check's database and projection details (host names, process
 *   ids): the admin's alone.
 * - `mail.view`: the mail outbox (form notifications and other mail, with visitors' addresses and
 *   what they submitted): the admin's alone.
 * - `mail.manage`: retrying a failed message of the outbox (it sends mail again): the admin's alone.
 *
 * Billing, moderator, commenter and scheduling have no API of their own yet (billing, comments,
 * scheduling), so they only view; they get their capabilities with those features.
 */
export const PERMISSIONS = {
  'site.view': 'Read the site’s pages, items, navigation, header, footer and settings, and preview unpublished and locked pages',
  'pages.edit': 'Create, edit, reorder, publish and delete pages, collections and their items (posts, events, gallery items), and edit page layouts',
  'navigation.edit': 'Edit the main and secondary navigation, the home page, the header and the footer',
  'settings.edit': 'Edit the website’s settings (title, logo, time zone, language, currency, social accounts, comments, captcha)',
  'blocks.code': 'Add or change embed and code blocks, and layout markup in html blocks',
  'media.manage': 'Upload, edit and delete images',
  'products.view': 'Read the owner catalog: every product with its variants and stock',
  'products.manage': 'Create, edit, delete, enable and disable products, their variants, stock, sale prices and images',
  'orders.manage': 'List and read orders, fulfil and cancel them, and see checkouts that need attention',
  'forms.manage': 'Build forms, read and delete their submissions, and read the mailing list',
  'restock.manage': 'Read the restock lists, send back-in-stock notifications and erase a person’s sign-ups',
  'analytics.view': 'Read the analytics reports (the analytics slot)',
  'accounts.manage': 'List and create owner accounts, which grants roles',
  'health.details': 'Read the health check’s database and projection details',
  'mail.view': 'Read the mail outbox: every message the site sent or holds, with its recipients and status',
  'mail.manage': 'Retry a failed message of the mail outbox',
} as const;

export type Permission = keyof typeof PERMISSIONS;

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(PERMISSIONS, value);
}

/**
 * The permission table: each contributor role of the SPEC and what it may do. SPEC section 6: a
 * user is admin if the admin role is among their roles, and the admin may do everything. An account
 * with several roles may do what any of them may.
 */
export const ROLE_PERMISSIONS: Readonly<Record<OwnerRole, readonly Permission[]>> = {
  admin: ALL_PERMISSIONS,
  billing: ['site.view'],
  reporting: ['site.view', 'analytics.view'],
  editor: ['site.view', 'pages.edit', 'navigation.edit', 'settings.edit', 'media.manage', 'products.view', 'forms.manage'],
  moderator: ['site.view'],
  commenter: ['site.view'],
  'store manager': ['site.view', 'media.manage', 'products.view', 'products.manage', 'orders.manage', 'restock.manage'],
  scheduling: ['site.view'],
  viewer: ['site.view'],
};

/** What an account holding `roles` may do, in the table's order (unknown role names give nothing). */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const held = new Set(roles.filter(isOwnerRole).flatMap((role) => ROLE_PERMISSIONS[role]));
  return ALL_PERMISSIONS.filter((permission) => held.has(permission));
}

export function hasPermission(roles: readonly string[], permission: Permission): boolean {
  return roles.some((role) => isOwnerRole(role) && ROLE_PERMISSIONS[role].includes(permission));
}

/** The roles that hold `permission`, in the SPEC's order. */
export function rolesWith(permission: Permission): OwnerRole[] {
  return OWNER_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}
