import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { Permission } from '@storefront/domain';
import { PermissionGuard, ROUTE_ACCESS_KEY, type RouteAccess } from './permission.guard';

/**
 * Restricts a controller or route to signed-in owners whose roles give `permission` in the
 * domain's permission table (`domain/src/accounts/permissions.ts`; docs/PERMISSIONS.md). A
 * route's own declaration overrides its controller's. Applies PermissionGuard itself, so this one
 * decorator is all a route needs:
 *
 *   @Post('products') @RequiresPermission('products.manage') create(...) {}
 *
 * Every route of the app declares its access or is on the public list of
 * `security/permissions.e2e.spec.ts`, which fails otherwise.
 */
export const RequiresPermission = (permission: Permission) => access({ permission });

/** Any signed-in owner, whatever their roles (their own session). */
export const SignedIn = () => access({ permission: null });

const access = (declared: RouteAccess) => applyDecorators(SetMetadata(ROUTE_ACCESS_KEY, declared), UseGuards(PermissionGuard));
