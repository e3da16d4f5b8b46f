import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';

/** A weak validator for a generated body: equal bodies, equal tags (whatever the transfer encoding). */
export function weakEtagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2): 'W/' prefixes are ignored; '*' matches. */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const wanted = etag.replace(/^W\//, '');
  return (Array.isArray(header) ? header.join(',') : header).split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === wanted;
  });
}

/**
 * Sends a generated body with its ETag, or 304 Not Modified without it when the client already
 * holds that version (GET and HEAD only; other methods always get the body). With `finalize`, the
 * tag is computed over `body` and what is sent is `finalize()`, called only when a body is sent:
 * for a page whose per-response parts (a CSP nonce) must not change its validator.
 */
export function sendWithEtag(req: FastifyRequest, reply: FastifyReply, body: string | Buffer, finalize?: () => string | Buffer): void {
  const etag = weakEtagOf(body);
  reply.header('ETag', etag);
  if ((req.method === 'GET' || req.method === 'HEAD') && reply.statusCode === 200 && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    reply.status(304).send();
    return;
  }
  reply.send(finalize ? finalize() : body);
}
