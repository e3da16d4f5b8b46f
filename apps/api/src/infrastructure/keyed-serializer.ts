/**
 * Runs tasks one at a time per key, in arrival order; different keys run in parallel. Keys are
 * forgotten once their queue drains, so memory stays bounded by the keys in flight.
 */
export class KeyedSerializer {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with queued or running tasks (for tests and diagnostics). */
  get activeKeys(): number {
    return this.tails.size;
  }
}
