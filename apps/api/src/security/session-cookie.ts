import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

/** The owner's session cookie: its value is the session token (the table keeps only its hash). */
export const OWNER_SESSION_COOKIE = 'owner_session';
/**
 * The session's XSRF token, readable by the page's own scripts (not httpOnly) so they can echo it
 * in the X-XSRF-Token header; another site can neither read it nor set the header.
 */
export const XSRF_COOKIE = 'xsrf_token';

/** Sessions slide: each request moves the expiry this far ahead. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** 'Remember me' sessions slide by 30 days and keep a persistent cookie. */
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function baseOptions(secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure };
}

/**
 * Sets the session cookie. A remembered session gets Max-Age (it survives a browser restart);
 * otherwise it is a browser-session cookie and the 12 h limit is kept by the server.
 */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  options: { persistent: boolean; ttlMs: number; secure: boolean; xsrfToken: string },
) {
  const base = baseOptions(options.secure);
  const cookie = options.persistent ? { ...base, maxAge: options.ttlMs / 1000, expires: new Date(Date.now() + options.ttlMs) } : base;
  reply.setCookie(OWNER_SESSION_COOKIE, token, cookie);
  reply.setCookie(XSRF_COOKIE, options.xsrfToken, { ...cookie, httpOnly: false });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(OWNER_SESSION_COOKIE, baseOptions(secure));
  reply.clearCookie(XSRF_COOKIE, { ...baseOptions(secure), httpOnly: false });
}
