import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Actor, CommandContext } from '@storefront/eventstore';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';

/** What the request pipeline learns about a request; set by middleware and guards. */
export type RequestState = {
  requestId: string;
  /** Set when a valid owner session cookie came with the request. */
  owner?: { id: string; email: string; roles: string[]; sessionId: string };
};

export type AppRequest = Request & { state: RequestState };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The command context for a request. `Idempotency-Key` (a UUID) makes a retried request reuse its
 * command id, so it never appends twice; `X-Correlation-Id` ties a request to a wider flow.
 */
export function commandContextFor(req: AppRequest, visitorId?: string): CommandContext {
  const key = req.header('idempotency-key');
  const correlation = req.header('x-correlation-id');
  const actor: Actor = req.state.owner
    ? { kind: 'owner', id: req.state.owner.id }
    : { kind: 'visitor', id: visitorId ?? 'anonymous' };
  const clientKey = key && UUID.test(key) ? key.toLowerCase() : null;
  return {
    commandId: clientKey ?? randomUUID(),
    commandIdIsNew: clientKey === null,
    correlationId: correlation && correlation.length <= 100 ? correlation : req.state.requestId,
    causationId: null,
    actor,
    requestId: req.state.requestId,
  };
}

export const Req = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AppRequest>());
