import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { domainError, ERROR_MESSAGES, type ErrorCode } from '@storefront/domain';
import { DatabaseUnavailableError, IdempotencyKeyReusedError, StreamVersionConflictError } from '@storefront/eventstore';
import type { FastifyReply } from 'fastify';
import { DomainException } from './domain-exception';
import { statusForCode } from './error-status';

export type ErrorBody = { error: string; message: string; [detail: string]: unknown };

/** Errors of the HTTP layer itself, with no domain error behind them. */
const HTTP_ERRORS: Record<number, { error: string; message: string }> = {
  405: { error: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.' },
  413: { error: 'REQUEST_TOO_LARGE', message: 'The request is too large.' },
  414: { error: 'URI_TOO_LONG', message: 'The address is too long.' },
  415: { error: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE },
};

/** Errors of Fastify plugins that deserve a more precise answer than their status alone. */
const CODED_ERRORS: Record<string, { error: string; message: string }> = {
  FST_CP_ERR_INVALID_CONTENT_ENCODING: { error: 'UNSUPPORTED_MEDIA_TYPE', message: 'This Content-Encoding is not supported: send the body as it is, or as gzip, deflate or br.' },
  FST_CP_ERR_INVALID_CONTENT: { error: 'INVALID_REQUEST', message: 'The request body could not be decoded with its Content-Encoding.' },
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

/** A lost database connection: the request did nothing lasting, and the pool reconnects by itself. */
export const DATABASE_UNAVAILABLE: ErrorBody = {
  error: 'DATABASE_UNAVAILABLE',
  message: 'The store is unavailable for a moment. Please try again in a few seconds.',
};
/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER_SECONDS = 2;

/** Maps every error leaving a request to `{ error: CODE, message }` with the right status. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof DatabaseUnavailableError) return { status: 503, body: { ...DATABASE_UNAVAILABLE } };
  if (exception instanceof IdempotencyKeyReusedError) exception = new DomainException(domainError('IDEMPOTENCY_KEY_REUSED'));
  // A save based on a version someone else's change has replaced (If-Match): reload, or apply on top of `currentVersion`.
  if (exception instanceof StreamVersionConflictError) {
    exception = new DomainException(domainError('EDIT_CONFLICT', { expectedVersion: exception.expectedVersion, currentVersion: exception.currentVersion }));
  }
  if (exception instanceof DomainException) {
    const { code, message, details } = exception.error;
    return { status: statusForCode(code), body: { ...(details ?? {}), error: code, message } };
  }
  const status = exception instanceof HttpException ? exception.getStatus() : httpStatusOf(exception);
  if (status !== undefined && status >= 400 && status < 500) {
    const known = CODED_ERRORS[String((exception as { code?: unknown }).code)] ?? HTTP_ERRORS[status];
    if (known) return { status, body: { ...known } };
    const code = STATUS_CODES[status] ?? 'INVALID_REQUEST';
    return { status, body: { error: code, message: ERROR_MESSAGES[code] } };
  }
  if (status !== undefined && status >= 500 && exception instanceof HttpException) {
    return { status, body: { error: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL } };
  }
  return { status: 500, body: { error: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL } };
}

/** The status an error of Fastify or of a Node HTTP library says it stands for (4xx only are trusted). */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { statusCode?: unknown }).statusCode ?? (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = toErrorResponse(exception);
    if (status === 503) this.logger.warn(`database unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (reply.sent) return;
    if (status === 503) reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
    reply.status(status).header('Cache-Control', 'no-store').send(body);
  }
}
