import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { OwnerRole } from '@storefront/domain';
import { OWNER_ROLES_KEY, OwnerRolesGuard } from './owner-roles.guard';

/**
 * Restricts a controller or route to signed-in owners holding any of `roles` (admin always
 * passes); `@OwnerRoles()` with no roles admits any signed-in owner. Applies OwnerRolesGuard
 * itself, so this one decorator is all a route needs:
 *
 *   @Post('products') @OwnerRoles('store manager') create(...) {}
 */
export const OwnerRoles = (...roles: OwnerRole[]) => applyDecorators(SetMetadata(OWNER_ROLES_KEY, roles), UseGuards(OwnerRolesGuard));
