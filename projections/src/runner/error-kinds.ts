/**
 * Whose fault a failed apply is. The runner parks an event in dead_letters only when the EVENT
 * made its projection fail; a database that is briefly unavailable or busy must never cost a good
 * event its place in the read model.
 *
 * - 'transient': the database or the network, not the event (deadlock, serialization failure,
 *   statement or lock timeout, server shutting down, connection lost or refused, out of
 *   resources). Retried with exponential backoff for as long as it lasts; never parked.
 * - 'deterministic': applying this event fails the same way every time (a stack overflow on
 *   deeply nested data, a TypeError on a shape the projector did not expect, a constraint or data
 *   error caused by the event's values). Parked at once: retrying only costs time.
 * - 'unknown': anything else (a plain `Error` thrown by a projector, other SQLSTATEs). Retried a
 *   few times (`maxAttempts`), then parked.
 */
export type ErrorKind = 'transient' | 'deterministic' | 'unknown';

/** SQLSTATEs that say nothing about the event (see PostgreSQL's Appendix A). */
const TRANSIENT_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '55P03', // lock_not_available (lock_timeout)
  '57014', // query_canceled (statement_timeout, pg_cancel_backend)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57P05', // idle_session_timeout
  '58000', // system_error
  '58030', // io_error
]);
/** Whole classes: 08 connection exception, 53 insufficient resources (disk full, out of memory, too many connections). */
const TRANSIENT_SQLSTATE_CLASSES = ['08', '53'];
/** Classes caused by the values written: 22 data exception, 23 integrity constraint violation, 54 program limit exceeded (e.g. stack depth on deep jsonb). */
const DETERMINISTIC_SQLSTATE_CLASSES = ['22', '23', '54'];

/** Node socket errors (`err.code`) of a lost or unreachable server. */
const TRANSIENT_NODE_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN']);

/** Messages of node-postgres (and PGlite) for a connection that went away or could not be had. */
const TRANSIENT_MESSAGES = [
  /connection terminated/i, // pg: "Connection terminated", "Connection terminated unexpectedly"
  /timeout exceeded when trying to connect/i, // pg.Pool connectionTimeoutMillis
  /client has encountered a connection error/i,
  /connection (?:was )?(?:closed|reset|lost)/i,
];

/** JavaScript errors a projector throws the same way on every try for the same event (and ours, see event-guards.ts). */
const DETERMINISTIC_ERROR_TYPES = ['RangeError', 'TypeError', 'SyntaxError', 'ReferenceError', 'URIError', 'UnprocessableEventError'];

export function classifyError(error: unknown): ErrorKind {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const kind = classifyOne(e as { code?: unknown; message?: unknown; name?: unknown });
    if (kind !== 'unknown') return kind;
    e = (e as { cause?: unknown }).cause; // wrapped errors: look at what they wrap
  }
  return 'unknown';
}

function classifyOne(e: { code?: unknown; message?: unknown; name?: unknown }): ErrorKind {
  const code = typeof e.code === 'string' ? e.code : '';
  if (TRANSIENT_NODE_CODES.has(code)) return 'transient'; // before SQLSTATEs: 'EPIPE' has five letters too
  if (/^[0-9A-Z]{5}$/.test(code)) {
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return 'transient';
    if (DETERMINISTIC_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return 'deterministic';
    return 'unknown';
  }
  const message = typeof e.message === 'string' ? e.message : '';
  if (TRANSIENT_MESSAGES.some((re) => re.test(message))) return 'transient';
  if (typeof e.name === 'string' && DETERMINISTIC_ERROR_TYPES.includes(e.name)) return 'deterministic'; // by name: errors may come from another realm
  return 'unknown';
}

export function isTransientError(error: unknown): boolean {
  return classifyError(error) === 'transient';
}

/** Backoff of transient failures: `initialMs` doubling per consecutive failure, at most `maxMs`. */
export type TransientBackoff = { initialMs: number; maxMs: number };

export const DEFAULT_TRANSIENT_BACKOFF: TransientBackoff = { initialMs: 50, maxMs: 5_000 };

/** Delay before retry `failure` (1-based) of a run of transient failures. */
export function transientDelayMs(backoff: TransientBackoff, failure: number): number {
  const exponent = Math.min(Math.max(failure - 1, 0), 30);
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** exponent);
}
