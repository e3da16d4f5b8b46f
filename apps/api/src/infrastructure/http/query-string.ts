import { parse } from 'node:querystring';

/** SPEC 9: query parsing accepts at most 1000 keys. */
export const MAX_QUERY_KEYS = 1000;

/** Set on the parsed query of an address with more keys than MAX_QUERY_KEYS; the request guards answer it with 400. */
export const TOO_MANY_QUERY_KEYS = Symbol('TOO_MANY_QUERY_KEYS');

/**
 * Fastify's query string parser (the router's `querystringParser`): keys and values percent-decoded,
 * `+` as a space, a repeated key as a list, as Fastify's own. An address with more than
 * MAX_QUERY_KEYS keys is not parsed at all: its query is marked with TOO_MANY_QUERY_KEYS and the
 * request guards refuse it before any route runs (the router cannot answer from here).
 */
export function parseQuery(query: string): Record<string | symbol, unknown> {
  if (query.length === 0) return {};
  let keys = 1;
  for (let i = query.indexOf('&'); i !== -1; i = query.indexOf('&', i + 1)) {
    if (++keys > MAX_QUERY_KEYS) return { [TOO_MANY_QUERY_KEYS]: true };
  }
  return { ...parse(query, '&', '=', { maxKeys: 0 }) };
}
