import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { domainError, hasPermission, type Permission } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';

export const ROUTE_ACCESS_KEY = 'storefront:route-access';

/** Who may call a route: a signed-in owner, holding `permission` when one is named. */
export type RouteAccess = { permission: Permission | null };

/**
 * The access a route declares with `@RequiresPermission` or `@SignedIn`, on the handler or else on
 * its controller; undefined when it declares none (a public route). The guard and the test that
 * lists every route of the app read it here.
 */
export function routeAccess(handler: object, controller: object): RouteAccess | undefined {
  return (Reflect.getMetadata(ROUTE_ACCESS_KEY, handler) ?? Reflect.getMetadata(ROUTE_ACCESS_KEY, controller)) as RouteAccess | undefined;
}

/**
 * Lets a request through when a signed-in owner's roles give the permission the route declares,
 * by the domain's permission table (`ROLE_PERMISSIONS`; the admin holds every permission).
 * Anonymous: 401 UNAUTHENTICATED; signed in without the permission: 403 FORBIDDEN.
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const access = routeAccess(context.getHandler(), context.getClass());
    const owner = context.switchToHttp().getRequest<AppRequest>().state?.owner;
    if (!owner) throw new DomainException(domainError('UNAUTHENTICATED'));
    // The guard comes with the metadata (one decorator sets both), so a missing one fails closed.
    if (!access) throw new DomainException(domainError('FORBIDDEN'));
    if (access.permission && !hasPermission(owner.roles, access.permission)) {
      throw new DomainException(domainError('FORBIDDEN', { requiredPermission: access.permission }));
    }
    return true;
  }
}
