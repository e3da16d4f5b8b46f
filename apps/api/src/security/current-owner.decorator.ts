import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AppRequest, RequestState } from '../infrastructure/http/request-context';

export type CurrentOwnerInfo = NonNullable<RequestState['owner']>;

/** The signed-in owner of the request (use behind `@RequiresPermission` or `@SignedIn`, which guarantee one). */
export const CurrentOwner = createParamDecorator((_: unknown, ctx: ExecutionContext): CurrentOwnerInfo | undefined => {
  return ctx.switchToHttp().getRequest<AppRequest>().state?.owner;
});
