import { domainError, ERROR_MESSAGES, hasLoneSurrogate } from '@storefront/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import secureJson from 'secure-json-parse';
import { DomainException } from './domain-exception';
import { BODY_LIMITS, bodyLimitFor, bodyTooLarge, isIngestionRoute } from './body-limits';
import { pathOf } from './request-context';

export { BODY_LIMITS } from './body-limits';

const tooDeep = () =>
  new DomainException(domainError('INVALID_REQUEST', { limit: BODY_LIMITS.depth }, `The request body nests more than ${BODY_LIMITS.depth} levels deep.`));
const tooManyMembers = () =>
  new DomainException(domainError('INVALID_REQUEST', { limit: BODY_LIMITS.members }, `The request body has more than ${BODY_LIMITS.members} fields and items.`));
/** PostgreSQL can store NUL in neither text nor jsonb: refused here rather than failing as a 500 later. */
const nulCharacter = () =>
  new DomainException(domainError('INVALID_REQUEST', undefined, 'The request body contains a NUL character (\\u0000), which is not allowed.'));
const hasNul = (text: string) => text.includes('\u0000');
/** Nor half of a surrogate pair, which JSON can escape ("\ud800") but no UTF-8 text can hold. */
const loneSurrogate = () =>
  new DomainException(domainError('INVALID_REQUEST', undefined, 'The request body contains half of a surrogate pair (\\ud800 to \\udfff without its other half), which is not text.'));

/**
 * What a JSON document's keys and strings may not hold. Every route refuses NUL; the analytics
 * ingestion routes keep lone surrogates, which their parsers replace with U+FFFD (a browser's
 * report cut at a fixed length can end in half of a pair), and every other route refuses them.
 */
export type JsonTextRule = { loneSurrogates: 'refuse' | 'keep' };
const REFUSE_LONE_SURROGATES: JsonTextRule = { loneSurrogates: 'refuse' };
/** The analytics ingestion routes' rule (`isIngestionRoute`), also for the JSON they read from a form field or a text body. */
export const INGESTION_JSON_TEXT: JsonTextRule = { loneSurrogates: 'keep' };

function checkText(text: string, rule: JsonTextRule = REFUSE_LONE_SURROGATES): void {
  if (hasNul(text)) throw nulCharacter();
  if (rule.loneSurrogates === 'refuse' && hasLoneSurrogate(text)) throw loneSurrogate();
}

/** Throws 400 INVALID_REQUEST for a body's text these parsers do not read (a multipart field's name or value) holding what a JSON body's may not. */
export function checkBodyText(text: string): void {
  checkText(text);
}

/**
 * Throws unless `value` nests at most `depth` levels, holds at most `members` keys and items, and
 * has no NUL character (nor, unless `rule` keeps them, lone surrogate) in any key or string.
 * Iterative, so a hostile document cannot overflow the stack while being checked.
 */
export function checkJsonShape(value: unknown, limits: { depth: number; members: number } = BODY_LIMITS, rule: JsonTextRule = REFUSE_LONE_SURROGATES): void {
  if (typeof value === 'string') checkText(value, rule);
  if (typeof value !== 'object' || value === null) return;
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }];
  let members = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > limits.depth) throw tooDeep();
    const children = Array.isArray(node) ? node : Object.values(node);
    members += children.length;
    if (members > limits.members) throw tooManyMembers();
    if (!Array.isArray(node)) for (const key of Object.keys(node)) checkText(key, rule);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: depth + 1 });
      else if (typeof child === 'string') checkText(child, rule);
    }
  }
}

/** JSON.parse that refuses `__proto__` and `constructor.prototype` keys (prototype pollution). */
function parseJson(text: string): unknown {
  return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
}

function malformedJson() {
  return new DomainException(domainError('MALFORMED_JSON', undefined, ERROR_MESSAGES.MALFORMED_JSON));
}

/**
 * JSON text read as a JSON body is (a route that takes JSON inside a form field or a text body):
 * 400 MALFORMED_JSON when it does not parse or has prototype keys, 400 INVALID_REQUEST past the
 * shape limits or for text `rule` refuses.
 */
export function parseJsonText(text: string, rule: JsonTextRule = REFUSE_LONE_SURROGATES): unknown {
  let value: unknown;
  try {
    value = parseJson(text);
  } catch {
    throw malformedJson();
  }
  checkJsonShape(value, BODY_LIMITS, rule);
  return value;
}

/** Routes that read a `text/plain` body (sendBeacon sends a string as text/plain): as text, within the route's limit. */
const TEXT_BODY_ROUTES = [{ method: 'POST', path: /^\/api\/1\/performance\/records\/?$/ }];

/** Whether a body read whole is over its route's limit, when the route's is below the parser's own. */
function overRouteLimit(req: FastifyRequest, text: string): boolean {
  const limit = bodyLimitFor(req);
  return limit < BODY_LIMITS.bytes && text.length > limit / 4 && Buffer.byteLength(text, 'utf8') > limit;
}

/**
 * The app's body parsers, in place of Fastify's defaults:
 *
 * - `application/json`, read as UTF-8 (another declared charset is refused with 415 by
 *   `request-guards.ts` before the body is read): an
 *   empty body is `{}`, bad JSON is 400 MALFORMED_JSON, a document past the depth or member limits
 *   or with a NUL character or a lone surrogate in a key or string is 400 INVALID_REQUEST (the
 *   analytics ingestion routes keep lone surrogates for their parsers to replace: `JsonTextRule`).
 * - `application/x-www-form-urlencoded`: fields as strings (arrays when repeated), at most 1,000;
 *   UTF-8 only, no NUL.
 * - `text/plain`, on the routes that take text (the performance records' beacons): the text, as
 *   UTF-8, within the route's limit; on every other route it is left unread like any other type.
 * - `multipart/form-data` belongs to @fastify/multipart (media uploads).
 * - Anything else is left unread on `request.raw`: the media upload reads it as the file, every
 *   other route sees no body.
 *
 * Bodies over `BODY_LIMITS.bytes` (or their route's smaller limit, `bodyLimitFor`) are refused by Fastify with 413 before a parser runs (a declared
 * Content-Length already in `request-guards.ts`). A `Content-Encoding` of gzip, deflate or br is
 * decoded by @fastify/compress before the parser, and the limit counts the decoded bytes (a small
 * gzip bomb is 413 like any big body); bytes that do not decode are 400, any other encoding 415.
 */
export function installBodyParsers(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMITS.bytes }, (req: FastifyRequest, text: string | Buffer, done) => {
    const source = typeof text === 'string' ? text : text.toString('utf8');
    if (overRouteLimit(req, source)) return done(bodyTooLarge(), undefined);
    if (source.trim() === '') return done(null, {});
    let body: unknown;
    try {
      body = parseJson(source);
    } catch {
      return done(malformedJson(), undefined);
    }
    try {
      checkJsonShape(body, BODY_LIMITS, isIngestionRoute(req) ? INGESTION_JSON_TEXT : REFUSE_LONE_SURROGATES);
    } catch (error) {
      return done(error as Error, undefined);
    }
    done(null, body);
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMITS.bytes }, (_req: FastifyRequest, text: string | Buffer, done) => {
    const source = typeof text === 'string' ? text : text.toString('utf8');
    if (overRouteLimit(_req, source)) return done(bodyTooLarge(), undefined);
    if (hasNul(source) || /%00/.test(source)) return done(nulCharacter(), undefined);
    let fields = source === '' ? 0 : 1;
    for (let i = source.indexOf('&'); i !== -1 && fields <= BODY_LIMITS.formFields; i = source.indexOf('&', i + 1)) fields++;
    if (fields > BODY_LIMITS.formFields) {
      return done(new DomainException(domainError('INVALID_REQUEST', { limit: BODY_LIMITS.formFields }, `A form can send at most ${BODY_LIMITS.formFields} fields.`)), undefined);
    }
    done(null, { ...parseQueryString(source, '&', '=', { maxKeys: BODY_LIMITS.formFields }) });
  });
  fastify.addContentTypeParser('text/plain', (req, payload, done) => {
    if (!TEXT_BODY_ROUTES.some((r) => r.method === req.method && r.path.test(pathOf(req)))) return done(null, undefined);
    readText(payload, bodyLimitFor(req)).then((text) => done(null, text), (error: Error) => done(error, undefined));
  });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

/** A body stream as UTF-8 text; past `limit` bytes, 413 (the rest is not read). */
function readText(payload: NodeJS.ReadableStream, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > limit) {
        payload.removeListener('data', onData);
        payload.removeListener('end', onEnd);
        reject(bodyTooLarge());
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (hasNul(text)) reject(nulCharacter());
      else resolve(text);
    };
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', reject);
  });
}
