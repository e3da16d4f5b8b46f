/** Request security for every module: import guards and decorators from here. */
export { RequiresPermission, SignedIn } from './permission.decorator';
export { PermissionGuard, ROUTE_ACCESS_KEY, routeAccess, type RouteAccess } from './permission.guard';
export { CurrentOwner, type CurrentOwnerInfo } from './current-owner.decorator';
export { XSRF_HEADER, OwnerRequestHooks, sessionOf } from './owner-request-hooks';
export { OWNER_SESSION_COOKIE } from './session-cookie';
