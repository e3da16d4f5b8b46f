/** Request security for every module: import guards and decorators from here. */
export { OwnerRoles } from './owner-roles.decorator';
export { OwnerRolesGuard, OWNER_ROLES_KEY } from './owner-roles.guard';
export { CurrentOwner, type CurrentOwnerInfo } from './current-owner.decorator';
export { XSRF_HEADER, OwnerRequestHooks, sessionOf } from './owner-request-hooks';
export { OWNER_SESSION_COOKIE } from './session-cookie';
