import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { domainError, hasAnyOwnerRole, type OwnerRole } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';

export const OWNER_ROLES_KEY = 'storefront:owner-roles';

/**
 * Lets a request through when a signed-in owner holds one of the roles named by `@OwnerRoles`
 * on the handler or its controller (no roles named: any signed-in owner). Admin passes everywhere.
 * Anonymous: 401 UNAUTHENTICATED; signed in without the role: 403 FORBIDDEN.
 */
@Injectable()
export class OwnerRolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<OwnerRole[] | undefined>(OWNER_ROLES_KEY, [context.getHandler(), context.getClass()]) ?? [];
    const owner = context.switchToHttp().getRequest<AppRequest>().state?.owner;
    if (!owner) throw new DomainException(domainError('UNAUTHENTICATED'));
    if (!hasAnyOwnerRole(owner.roles, required)) throw new DomainException(domainError('FORBIDDEN', { requiredRoles: required }));
    return true;
  }
}
