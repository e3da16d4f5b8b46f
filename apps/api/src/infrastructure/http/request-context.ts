import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Actor, CommandContext } from '@storefront/eventstore';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';

/** What the request pipeline learns about a request; set by the request hooks and guards. */
export type RequestState = {
  requestId: string;
  /** Set when a valid owner session cookie came with the request. */
  owner?: { id: string; email: string; roles: string[]; sessionId: string };
};

export type AppRequest = FastifyRequest & { state: RequestState };
export type AppReply = FastifyReply;

/** One request header as a string (the first value when it was sent more than once). */
export function headerOf(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's path without its query string, as sent (not percent-decoded). */
export function pathOf(req: FastifyRequest): string {
  const url = req.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Whether the request body was declared as one of these media types (`application/json`, …). */
export function hasContentType(req: FastifyRequest, ...types: string[]): boolean {
  const declared = headerOf(req, 'content-type');
  if (!declared) return false;
  const type = declared.split(';', 1)[0]!.trim().toLowerCase();
  return types.includes(type);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The command context for a request. `Idempotency-Key` (a UUID) makes a retried request reuse its
 * command id, so it never appends twice; `X-Correlation-Id` ties a request to a wider flow.
 */
export function commandContextFor(req: AppRequest, visitorId?: string): CommandContext {
  const key = headerOf(req, 'idempotency-key');
  const correlation = headerOf(req, 'x-correlation-id');
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
