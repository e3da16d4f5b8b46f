export type EventuallyOptions = {
  /** Give up after this long (default 10 s): the test fails with `message` instead of hanging. */
  timeoutMs?: number;
  /** Time between two checks (default 10 ms). */
  intervalMs?: number;
  /** What did not happen, for the error. */
  message?: string;
};

/**
 * Waits for a condition the test cannot await directly (a row another process writes, a
 * notification, a connection coming back): calls `check` until it returns something truthy and
 * resolves with that, polling every `intervalMs`; rejects after `timeoutMs`. Not for proving that
 * nothing happens: await the worker's own `idle()` for that.
 */
export async function eventually<T>(check: () => T | Promise<T>, options: EventuallyOptions = {}): Promise<Exclude<T, null | undefined | false | 0 | ''>> {
  const { timeoutMs = 10_000, intervalMs = 10, message = 'condition not met' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Exclude<T, null | undefined | false | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`${message} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
