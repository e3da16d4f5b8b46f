import type { CookieSerializeOptions } from '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import { formError } from '@storefront/domain';
import type { FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainException } from '../infrastructure/http/domain-exception';
import type { AppRequest } from '../infrastructure/http/request-context';
import { SERVER_SECRETS, type ServerSecrets } from '../infrastructure/server-secrets';

/**
 * The form visitor cookie (`ss_fvid`): `<visitorId>.<mac>`, issued with the first submission key.
 * Submission keys are bound to it, so a key read from one browser submits nothing from another.
 *
 * A submission key is `<submissionId>.<expiresAt>.<mac>`: the MAC (HMAC-SHA-256 under a server
 * secret every process shares) covers the submission id, the visitor and the expiry, so keys are
 * checked without a database round trip. Single use: the submission id names the submission's own
 * stream, and a second submission with the key finds that stream taken (401).
 */
export const FORM_VISITOR_COOKIE = 'ss_fvid';
const VISITOR_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
const KEY = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{13})\.([A-Za-z0-9_-]{43})$/;
const VISITOR_PURPOSE = 'form-visitor';
const KEY_PURPOSE = 'form-submission-key';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** How long a submission key is good for. */
export const SUBMISSION_KEY_TTL_MS = 30 * 60 * 1000;

@Injectable()
export class FormVisitors {
  constructor(
    @Inject(SERVER_SECRETS) private readonly secrets: ServerSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The visitor id of the request's cookie, when this server issued it. */
  visitorId(req: AppRequest): string | null {
    const value = req.cookies[FORM_VISITOR_COOKIE];
    const match = typeof value === 'string' ? VISITOR_TOKEN.exec(value) : null;
    return match && this.secrets.verify(VISITOR_PURPOSE, match[1]!, match[2]!) ? match[1]! : null;
  }

  /** The rate limits' key: the visitor's cookie, else the client address. */
  limitKey(req: AppRequest): string {
    return this.visitorId(req) ?? `ip:${req.ip}`;
  }

  /** The request's visitor id, issuing a cookie for a new one. */
  visitorFor(req: AppRequest, res: FastifyReply): string {
    const known = this.visitorId(req);
    if (known) return known;
    const id = randomUUID();
    res.setCookie(FORM_VISITOR_COOKIE, `${id}.${this.secrets.mac(VISITOR_PURPOSE, id)}`, {
      ...this.cookieOptions(), maxAge: ONE_YEAR_SECONDS, expires: new Date(Date.now() + ONE_YEAR_SECONDS * 1000),
    });
    return id;
  }

  issueKey(visitorId: string, now = Date.now()): string {
    const submissionId = randomUUID();
    const expires = String(now + SUBMISSION_KEY_TTL_MS);
    return `${submissionId}.${expires}.${this.secrets.mac(KEY_PURPOSE, `${submissionId}|${visitorId}|${expires}`)}`;
  }

  /** The submission id of a key issued to this visitor and not expired; else 401 FORM_KEY_INVALID. */
  checkKey(key: string, visitorId: string | null, now = Date.now()): string {
    const match = KEY.exec(key);
    if (!match || !visitorId || Number(match[2]) < now || !this.secrets.verify(KEY_PURPOSE, `${match[1]}|${visitorId}|${match[2]}`, match[3]!)) {
      throw new DomainException(formError('FORM_KEY_INVALID'));
    }
    return match[1]!;
  }

  private cookieOptions(): CookieSerializeOptions {
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.config.secureCookies };
  }
}
