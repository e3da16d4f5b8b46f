import { ERROR_DEBOUNCE_MS, ERROR_QUEUE, ERROR_REPORTS_PER_PAGE, ERROR_STACK_CHARS } from '@storefront/domain/analytics/wire';

export type ErrorEntry = { message: string; stack: string; source?: string; line?: number; column?: number; ts: number };
/** What a listener hands over: anything may be thrown, so message and stack are made strings here. */
type Reported = Omit<ErrorEntry, 'ts' | 'message' | 'stack'> & { message: unknown; stack?: unknown };

/**
 * The JavaScript error reporter's limits (SPEC 9): at most 20 reports a page, a queue of at most 10
 * between sends, stacks cut to 5000 characters, sent 1 s after the last error (debounced).
 * `send` gets each batch; each error is stamped with the time it was reported.
 */
export function errorReporter(send: (errors: ErrorEntry[]) => void) {
  let reported = 0;
  let queue: ErrorEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    send(queue);
    queue = [];
  };
  return (entry: Reported) => {
    if (reported >= ERROR_REPORTS_PER_PAGE || queue.length >= ERROR_QUEUE) return;
    reported++;
    queue.push({ ...entry, ts: Date.now(), message: String(entry.message).slice(0, ERROR_STACK_CHARS), stack: String(entry.stack ?? '').slice(0, ERROR_STACK_CHARS) });
    clearTimeout(timer);
    timer = setTimeout(flush, ERROR_DEBOUNCE_MS);
  };
}
