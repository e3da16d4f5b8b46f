import { domainError } from '@storefront/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyLimitFor, bodyTooLarge } from './body-limits';
import { DomainException } from './domain-exception';
import { MAX_QUERY_KEYS, TOO_MANY_QUERY_KEYS } from './query-string';
import { hasContentType, headerOf, pathOf } from './request-context';

export { bodyLimitFor } from './body-limits';

/**
 * C0 and C1 control characters and DEL. None belongs in an address, a query value, a cookie or a
 * token, and PostgreSQL refuses NUL in text outright (a lookup with one would fail as a 500).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** Headers whose values the app reads as tokens or ids. */
const TOKEN_HEADERS = ['x-xsrf-token', 'idempotency-key', 'x-correlation-id'];



/** JSON and form bodies are read as UTF-8: a declared charset must be UTF-8 (or its subset US-ASCII). */
const READABLE_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

function checkCharset(req: FastifyRequest): void {
  const declared = req.headers['content-type'];
  if (!hasContentType(req, 'application/json', 'application/x-www-form-urlencoded')) return;
  const match = typeof declared === 'string' ? /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(declared) : null;
  if (match && !READABLE_CHARSETS.has(match[1]!.toLowerCase())) {
    throw new DomainException(
      domainError('UNSUPPORTED_MEDIA_TYPE', { charset: match[1] }, `The charset ${JSON.stringify(match[1])} is not supported: send the body as UTF-8.`),
    );
  }
}

const controlCharacterIn = (where: string) =>
  new DomainException(domainError('INVALID_REQUEST', { field: where }, `The ${where} contains a control character, which is not allowed.`));

export const badAddress = () => new DomainException(domainError('INVALID_REQUEST', { field: 'address' }, 'The address is not valid.'));

/** Throws unless the value (a string or strings) is free of control characters. */
function check(value: unknown, where: string): void {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) throw controlCharacterIn(where);
  } else if (Array.isArray(value)) {
    for (const item of value) check(item, where);
  }
}


/**
 * The first checks every request meets, in an `onRequest` hook before its body is read, its
 * session looked up or its route run, so bad input never reaches a command or a query:
 *
 * 1. A declared Content-Length over the route's limit (`bodyLimitFor`): 413 REQUEST_TOO_LARGE (also
 *    for body types no parser reads, and on owner routes before the sign-in check). Bodies without
 *    a length (chunked) are cut off at the same limit while they are read. A query string of more
 *    than 1000 keys (SPEC 9): 400 INVALID_REQUEST.
 * 2. A JSON or form body declared in a charset other than UTF-8: 415 UNSUPPORTED_MEDIA_TYPE.
 * 3. Control characters (NUL included) in the percent-decoded path, in query keys and values, in
 *    cookie values and in the token headers (X-XSRF-Token, Idempotency-Key, X-Correlation-Id):
 *    400 INVALID_REQUEST naming where. A path that does not percent-decode is 400 as well.
 *
 * Must be installed after @fastify/cookie, whose own onRequest hook parses the cookies.
 */
export function installRequestGuards(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    const declared = Number(headerOf(req, 'content-length'));
    if (Number.isFinite(declared) && declared > bodyLimitFor(req)) throw bodyTooLarge();
    if ((req.query as Record<symbol, unknown> | undefined)?.[TOO_MANY_QUERY_KEYS]) {
      throw new DomainException(domainError('INVALID_REQUEST', { field: 'query string', limit: MAX_QUERY_KEYS }, `The query string has more than ${MAX_QUERY_KEYS} keys.`));
    }
    checkCharset(req);
    let path: string;
    try {
      path = decodeURIComponent(pathOf(req));
    } catch {
      throw badAddress();
    }
    check(path, 'address');
    for (const [key, value] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
      check(key, 'query string');
      check(value, 'query string');
    }
    for (const [name, value] of Object.entries(req.cookies ?? {})) {
      check(name, 'cookie');
      check(value, 'cookie');
    }
    for (const name of TOKEN_HEADERS) check(req.headers[name], `${name} header`);
  });
}

/**
 * Fastify's answer to an address its router cannot decode (FST_ERR_BAD_URL), in the app's
 * `{ error, message }` shape instead of Fastify's own.
 */
export function frameworkErrors(_error: Error, _req: FastifyRequest, reply: FastifyReply): void {
  const { error } = badAddress();
  void reply.code(400).header('Cache-Control', 'no-store').send({ ...error.details, error: error.code, message: error.message });
}
