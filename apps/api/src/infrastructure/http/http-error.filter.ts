import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ERROR_MESSAGES, type ErrorCode } from '@storefront/domain';
import type { Response } from 'express';
import { DomainException } from './domain-exception';
import { statusForCode } from './error-status';

export type ErrorBody = { error: string; message: string; [detail: string]: unknown };

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

/** Maps every error leaving a request to `{ error: CODE, message }` with the right status. */
export function toErrorResponse(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof DomainException) {
    const { code, message, details } = exception.error;
    return { status: statusForCode(code), body: { ...(details ?? {}), error: code, message } };
  }
  if (isBodyParseError(exception)) {
    return { status: 400, body: { error: 'MALFORMED_JSON', message: ERROR_MESSAGES.MALFORMED_JSON } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_REQUEST');
    return { status, body: { error: code, message: ERROR_MESSAGES[code] } };
  }
  return { status: 500, body: { error: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL } };
}

export function isBodyParseError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: string }).type === 'entity.parse.failed';
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = toErrorResponse(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    response.status(status).json(body);
  }
}
