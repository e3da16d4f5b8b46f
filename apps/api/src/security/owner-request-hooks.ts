import { Inject, Injectable } from '@nestjs/common';
import { domainError } from '@storefront/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException } from '../infrastructure/http/domain-exception';
import { hasContentType, headerOf, pathOf, type AppRequest } from '../infrastructure/http/request-context';
import { OwnerSessionStore, safeEqual, type OwnerSession } from './owner-session.store';
import { clearSessionCookie, OWNER_SESSION_COOKIE, setSessionCookie } from './session-cookie';

export const XSRF_HEADER = 'X-XSRF-Token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * The census calls (issue 16): anonymous analytics a page sends, also when the visitor is signed in
 * (a viewer outside /config), partly by sendBeacon, which cannot set headers. They never act with
 * the owner's authority, so they are not held to the owner's token; the error reports check their
 * own CSRF header (apps/api/src/analytics).
 */
const CENSUS_CALLS = /^\/api\/(census\/|1\/performance\/records$|events\/RecordJavascriptErrors$)/;
/** Signing in issues the token, so it cannot demand one. */
const SIGN_IN = { method: 'POST', path: '/api/config/session' };

/** The resolved session of a request (kept beside `req.state.owner`, which has no XSRF token). */
const sessions = new WeakMap<object, OwnerSession>();

export function sessionOf(req: AppRequest): OwnerSession | undefined {
  return sessions.get(req);
}

/**
 * The owner part of every request, as Fastify hooks that run before any route (and before the
 * not-found answer), once the body has been read:
 *
 * 1. The `owner_session` cookie becomes `req.state.owner`. Unknown or expired sessions are ignored
 *    (the request goes on as anonymous) and their cookie is cleared. A live session's expiry
 *    slides forward; a remembered session's cookie is re-sent with a fresh Max-Age.
 * 2. Cross-site request forgery defence. A state-changing request that carries a live owner
 *    session must send `X-XSRF-Token` equal to the session's token (returned by sign-in), else 403
 *    XSRF_TOKEN_INVALID: another site can make a browser send the cookie but cannot read the token.
 *    Requests without a session (visitors' carts, forms) are not affected, nor are the census
 *    calls (anonymous analytics). The sign-in POST must be
 *    JSON: a cross-site HTML form cannot send JSON without a CORS preflight, so another site cannot
 *    sign a visitor into an account of its choosing (login CSRF).
 */
@Injectable()
export class OwnerRequestHooks {
  constructor(
    private readonly store: OwnerSessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  install(fastify: FastifyInstance): void {
    fastify.addHook('preHandler', async (request, reply) => {
      const req = request as AppRequest;
      await this.resolveSession(req, reply);
      this.checkXsrf(req);
    });
  }

  private async resolveSession(req: AppRequest, reply: FastifyReply): Promise<void> {
    const token = req.cookies[OWNER_SESSION_COOKIE];
    if (typeof token !== 'string' || token === '') return;
    const session = await this.store.resolve(token);
    if (!session) {
      clearSessionCookie(reply, this.config.secureCookies);
      return;
    }
    sessions.set(req, session);
    req.state.owner = { ...session.owner, sessionId: session.id };
    if (session.slid && session.persistent) {
      setSessionCookie(reply, token, { persistent: true, ttlMs: session.ttlMs, secure: this.config.secureCookies, xsrfToken: session.xsrfToken });
    }
  }

  private checkXsrf(req: AppRequest): void {
    if (!STATE_CHANGING.has(req.method)) return;
    const path = pathOf(req).replace(/\/+$/, '') || '/';
    if (req.method === SIGN_IN.method && path === SIGN_IN.path) {
      if (!hasContentType(req, 'application/json')) {
        throw new DomainException(domainError('INVALID_REQUEST', undefined, 'Send the sign-in as JSON (Content-Type: application/json).'));
      }
      return;
    }
    const session = sessionOf(req);
    if (!session || CENSUS_CALLS.test(path)) return;
    const sent = headerOf(req, XSRF_HEADER);
    if (typeof sent !== 'string' || !safeEqual(sent, session.xsrfToken)) {
      throw new DomainException(domainError('XSRF_TOKEN_INVALID'));
    }
  }
}
