import type { CookieOptions, Response } from 'express';

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

function baseOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure };
}

/**
 * Sets the session cookie. A remembered session gets Max-Age (it survives a browser restart);
 * otherwise it is a browser-session cookie and the 12 h limit is kept by the server.
 */
export function setSessionCookie(
  res: Response,
  token: string,
  options: { persistent: boolean; ttlMs: number; secure: boolean; xsrfToken: string },
) {
  const cookie = options.persistent ? { ...baseOptions(options.secure), maxAge: options.ttlMs } : baseOptions(options.secure);
  res.cookie(OWNER_SESSION_COOKIE, token, cookie);
  res.cookie(XSRF_COOKIE, options.xsrfToken, { ...cookie, httpOnly: false });
}

export function clearSessionCookie(res: Response, secure: boolean) {
  res.clearCookie(OWNER_SESSION_COOKIE, baseOptions(secure));
  res.clearCookie(XSRF_COOKIE, { ...baseOptions(secure), httpOnly: false });
}
