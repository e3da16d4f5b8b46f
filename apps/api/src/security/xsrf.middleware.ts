import { Injectable, NestMiddleware } from '@nestjs/common';
import { domainError } from '@storefront/domain';
import type { NextFunction, Response } from 'express';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';
import { sessionOf } from './owner-session.middleware';
import { safeEqual } from './owner-session.store';

export const XSRF_HEADER = 'X-XSRF-Token';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signing in issues the token, so it cannot demand one. */
const SIGN_IN = { method: 'POST', path: '/api/config/session' };

/**
 * Cross-site request forgery defence, for every route (runs after OwnerSessionMiddleware):
 *
 * - A state-changing request that carries a live owner session must send `X-XSRF-Token` equal to
 *   the session's token (returned by sign-in), else 403 XSRF_TOKEN_INVALID. Another site can make
 *   a browser send the cookie but cannot read the token. Requests without a session (visitors'
 *   carts, forms) are not affected.
 * - The sign-in POST must be JSON: a cross-site HTML form cannot send JSON without a CORS
 *   preflight, so another site cannot sign a visitor into an account of its choosing (login CSRF).
 */
@Injectable()
export class XsrfMiddleware implements NestMiddleware {
  use(req: AppRequest, _res: Response, next: NextFunction) {
    if (!STATE_CHANGING.has(req.method)) return next();
    const path = req.path.replace(/\/+$/, '') || '/';
    if (req.method === SIGN_IN.method && path === SIGN_IN.path) {
      if (!req.is('application/json')) {
        throw new DomainException(domainError('INVALID_REQUEST', undefined, 'Send the sign-in as JSON (Content-Type: application/json).'));
      }
      return next();
    }
    const session = sessionOf(req);
    if (!session) return next();
    const sent = req.header(XSRF_HEADER);
    if (typeof sent !== 'string' || !safeEqual(sent, session.xsrfToken)) {
      throw new DomainException(domainError('XSRF_TOKEN_INVALID'));
    }
    next();
  }
}
