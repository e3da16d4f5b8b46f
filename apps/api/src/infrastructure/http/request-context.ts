import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Actor, CommandContext } from '@storefront/eventstore';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';

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
 * The command context for a request. `X-Correlation-Id` ties a request to a wider flow.
 *
 * `Idempotency-Key` (a UUID) makes a retried request reuse its command id, so it never appends
 * twice. The key is scoped: the command id is a hash of who sent it (the signed-in owner, the
 * visitor's cart, else the client address), the method and route, and the key, so another visitor
 * or another route sending the same key is a different command. The request's fingerprint
 * (method, route, body) goes with the command: the same key with another body is refused
 * (422 IDEMPOTENCY_KEY_REUSED) instead of answering the first request's outcome.
 */
export function commandContextFor(req: AppRequest, visitorId?: string): CommandContext {
  const key = headerOf(req, 'idempotency-key');
  const correlation = headerOf(req, 'x-correlation-id');
  const owner = req.state.owner;
  const actor: Actor = owner ? { kind: 'owner', id: owner.id, email: owner.email } : { kind: 'visitor', id: visitorId ?? 'anonymous' };
  const clientKey = key && UUID.test(key) ? key.toLowerCase() : null;
  const context: CommandContext = {
    commandId: clientKey === null ? randomUUID() : scopedCommandId(req, visitorId, clientKey),
    commandIdIsNew: clientKey === null,
    correlationId: correlation && correlation.length <= 100 ? correlation : req.state.requestId,
    causationId: null,
    actor,
    requestId: req.state.requestId,
  };
  if (clientKey !== null) context.requestHash = requestFingerprint(req);
  return context;
}

/** `METHOD /path`: the route a request was sent to, without its query string. */
function routeOf(req: AppRequest): string {
  return `${req.method} ${pathOf(req)}`;
}

/** The command id of a client key: a UUID hashed from (sender, route, key). */
export function scopedCommandId(req: AppRequest, visitorId: string | undefined, clientKey: string): string {
  const owner = req.state.owner;
  const sender = `owner:${owner?.id ?? '-'}|visitor:${visitorId ?? '-'}|client:${owner || visitorId ? '-' : req.ip}`;
  const bytes = createHash('sha256').update(`idempotency-key\0${sender}\0${routeOf(req)}\0${clientKey}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: a custom (hash-based) UUID
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** SHA-256 (base64url) of the request's method, route and body as parsed. */
export function requestFingerprint(req: AppRequest): string {
  const hash = createHash('sha256').update(`${routeOf(req)}\0`);
  const body: unknown = req.body;
  if (Buffer.isBuffer(body)) hash.update('bytes\0').update(body);
  else if (typeof body === 'string') hash.update('text\0').update(body);
  else if (body !== undefined && body !== null) {
    let json: string;
    try {
      json = JSON.stringify(body) ?? '';
    } catch {
      json = `unserializable:${randomUUID()}`; // never equal: such a body cannot be replayed
    }
    hash.update('json\0').update(json);
  }
  return hash.digest('base64url');
}

export const Req = createParamDecorator((_: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<AppRequest>());
