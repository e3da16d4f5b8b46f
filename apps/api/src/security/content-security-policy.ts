import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { EMBED_HOSTS } from './html-sanitizer';

/**
 * Content-Security-Policy and the plain security headers (docs/SECURITY.md).
 *
 * Published pages and the owner pages run only their own scripts: each HTML response gets a fresh
 * random nonce (128 bits from the CSPRNG, never derived from the page), and only script elements
 * carrying it run; injected markup cannot know it. `'self'` stays in `script-src` for the modules
 * the islands bundle imports from /static (uploads are never served as scripts: they have image
 * types and `nosniff`). Styles: the linked stylesheets only (`style-src-elem 'self'`, so no injected
 * `<style>`); the theme's own `style` attributes (image focal points, spacer heights, gallery
 * layout) are allowed (`style-src-attr 'unsafe-inline'`), and the sanitizer lets no contributor
 * write one. Pages may be framed by our own origin only (the editor's preview), never by another site.
 */

/** A fresh nonce for one HTML response. */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * A form using reCAPTCHA Enterprise loads the provider's script (web/src/features/bot-check), which
 * loads more from gstatic and runs in Google's frames: only those paths, and only on published pages.
 */
const RECAPTCHA_SCRIPT_SOURCES = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const RECAPTCHA_FRAME_SOURCES = 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/';

export function publishedPagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${RECAPTCHA_SCRIPT_SOURCES}`,
    "style-src 'self'",
    "style-src-elem 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    `frame-src ${EMBED_HOSTS.map((h) => `https://${h}`).join(' ')} ${RECAPTCHA_FRAME_SOURCES}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The owner pages (/config): inline script and style with this response's nonce only, never framed. */
export function ownerPagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The owner app (/config and below): its bundle's modules and stylesheet from /static/owner/, the
 * editor's preview of our own pages in a frame, image previews of files being uploaded (blob:);
 * never framed itself.
 */
export function ownerAppPolicy(): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "frame-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** For answers that are not pages (JSON, redirects, errors): nothing may load or frame them. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Sent on every response unless a route set its own. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

/**
 * Adds the plain security headers to every response (a route's own value wins: the owner pages send
 * `X-Frame-Options: DENY`), and NON_PAGE_POLICY to any response that is not HTML and set no policy.
 * An HTML response without a policy of its own is left alone rather than broken by a default.
 */
export function installSecurityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value);
    // A 304 keeps the policy the browser stored with the page (its nonce matches the stored body).
    if (reply.statusCode === 304) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('content-security-policy') && !type.startsWith('text/html') && !type.startsWith('text/css') && !/javascript/.test(type)) {
      reply.header('Content-Security-Policy', NON_PAGE_POLICY);
    }
    return payload;
  });
}
