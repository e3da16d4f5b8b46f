import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { AppRequest } from '../infrastructure/http/request-context';
import { OwnerSessionStore, type OwnerSession } from './owner-session.store';
import { clearSessionCookie, OWNER_SESSION_COOKIE, setSessionCookie } from './session-cookie';

/** The resolved session of a request (kept beside `req.state.owner`, which has no XSRF token). */
const sessions = new WeakMap<object, OwnerSession>();

export function sessionOf(req: AppRequest): OwnerSession | undefined {
  return sessions.get(req);
}

/**
 * Resolves the `owner_session` cookie to `req.state.owner` for every route. Unknown or expired
 * sessions are ignored (the request goes on as anonymous) and their cookie is cleared. A live
 * session's expiry slides forward; a remembered session's cookie is re-sent with a fresh Max-Age.
 */
@Injectable()
export class OwnerSessionMiddleware implements NestMiddleware {
  constructor(
    private readonly sessions: OwnerSessionStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async use(req: AppRequest, res: Response, next: NextFunction) {
    const token = req.cookies?.[OWNER_SESSION_COOKIE];
    if (typeof token !== 'string' || token === '') return next();
    const session = await this.sessions.resolve(token);
    if (!session) {
      clearSessionCookie(res, this.config.secureCookies);
      return next();
    }
    sessions.set(req, session);
    req.state.owner = { ...session.owner, sessionId: session.id };
    if (session.slid && session.persistent) {
      setSessionCookie(res, token, { persistent: true, ttlMs: session.ttlMs, secure: this.config.secureCookies, xsrfToken: session.xsrfToken });
    }
    next();
  }
}
