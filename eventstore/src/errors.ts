import type { ExpectedVersion } from './types';

/** The stream was not at the expected version: reload, decide again, retry. */
export class ConcurrencyError extends Error {
  readonly name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamId} expected at version ${String(expected)} but was at ${actual ?? 'unknown'}`);
  }
}

/**
 * A command was based on a version of its stream (an editor's `If-Match`) and the stream has moved
 * on since: someone else changed it. Nothing was written. Unlike ConcurrencyError it is not
 * retried: deciding again on the newer state would silently overwrite the other change. The HTTP
 * layer answers 409 EDIT_CONFLICT.
 */
export class StreamVersionConflictError extends Error {
  readonly name = 'StreamVersionConflictError';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super(`Stream ${streamId} was expected at version ${expectedVersion} but is at ${currentVersion}`);
  }
}

/**
 * The PostgreSQL server could not be reached, or the connection broke while a statement or
 * transaction was using it: the server refused connections, is shutting down or starting up
 * (SQLSTATE 57P01, 57P02, 57P03), has too many clients (53300), any connection exception
 * (class 08), the socket failed (ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT, EHOSTUNREACH,
 * ENETUNREACH, EAI_AGAIN) or closed ("Connection terminated…").
 *
 * The `pg` driver throws it, wrapping the original error (`cause`, and its SQLSTATE or errno code
 * in `code`), from `query`, `transaction` and `listen`; the broken connection has been discarded,
 * so a later call connects afresh and succeeds once the server is back. Nothing else is wrapped:
 * SQL errors (constraint violations, syntax, a statement cancelled by a timeout) keep their own
 * errors and codes. PGlite, in process, never throws it.
 *
 * The operation did not complete; a transaction that broke before COMMIT was rolled back by the
 * server. If the connection broke during COMMIT the outcome is unknown: repeat the command with
 * the same command id (an append with a command id that was already applied is not repeated).
 * The HTTP layer answers it with 503.
 */
export class DatabaseUnavailableError extends Error {
  readonly name = 'DatabaseUnavailableError';
  /** SQLSTATE (e.g. '57P01') or Node error code (e.g. 'ECONNREFUSED') of the cause, if it had one. */
  readonly code: string | undefined;

  constructor(cause: unknown) {
    super(`Database unavailable: ${describeCause(cause)}`, { cause });
    this.code = errorCode(cause) ?? (cause instanceof AggregateError ? errorCode(cause.errors[0]) : undefined);
  }
}

const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What node-postgres says when the socket closed, or when a client that lost it is used again. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|Client has encountered a connection error and is not queryable)/;

function errorCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function describeCause(cause: unknown): string {
  if (cause instanceof AggregateError && !cause.message) return cause.errors.map(describeCause).join('; ');
  if (cause instanceof Error) return cause.message || errorCode(cause) || cause.name;
  return String(cause);
}

/** True when `err` is a connection-level failure (see DatabaseUnavailableError), not an SQL error. */
export function isConnectionFailure(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  const code = errorCode(err);
  if (code && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))) return true;
  // An AggregateError (several addresses tried, e.g. ::1 and 127.0.0.1) carries the errno codes in `errors`.
  if (err instanceof AggregateError && err.errors.length > 0 && err.errors.every(isConnectionFailure)) return true;
  return err instanceof Error && UNAVAILABLE_MESSAGES.test(err.message);
}

/** `err` as a DatabaseUnavailableError when it is a connection-level failure, else unchanged. */
export function asUnavailable(err: unknown): unknown {
  if (err instanceof DatabaseUnavailableError || !isConnectionFailure(err)) return err;
  return new DatabaseUnavailableError(err);
}

/**
 * A command id (from a client's idempotency key) that already appended came back with another
 * request: same key, different body. Nothing was written; the HTTP layer answers 422
 * IDEMPOTENCY_KEY_REUSED instead of replaying the first request's outcome.
 */
export class IdempotencyKeyReusedError extends Error {
  readonly name = 'IdempotencyKeyReusedError';
  constructor(readonly commandId: string) {
    super(`Command id ${commandId} was already used by a different request`);
  }
}
