import { AppendBatcher, type BatchOutcome } from './append-batcher';

/** A runBatch whose batches the test completes by hand. */
function manualRunner() {
  const batches: Array<{ items: number[]; finish: (outcomes?: Array<BatchOutcome<string>>) => void; fail: (err: unknown) => void }> = [];
  const run = (items: number[]) =>
    new Promise<Array<BatchOutcome<string>>>((resolve, reject) => {
      batches.push({
        items,
        finish: (outcomes) => resolve(outcomes ?? items.map((n) => ({ ok: true, value: `done ${n}` }))),
        fail: reject,
      });
    });
  return { batches, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('AppendBatcher', () => {
  it('sends a lone item at once, without waiting for a timer or a tick', async () => {
    const { batches, run } = manualRunner();
    const batcher = new AppendBatcher(run);
    const result = batcher.submit(1);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.finish();
    await expect(result).resolves.toBe('done 1');
  });

  it('runs at most maxInFlight batches; what queues meanwhile goes out together when one completes', async () => {
    const { batches, run } = manualRunner();
    const batcher = new AppendBatcher(run, { maxInFlight: 2 });
    const results = [1, 2, 3, 4, 5].map((n) => batcher.submit(n));
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    expect(batcher.queued).toBe(3);
    batches[1]!.finish();
    await tick();
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4, 5]]);
    batches[0]!.finish();
    batches[2]!.finish();
    expect(await Promise.all(results)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5']);
    expect(batcher.running).toBe(0);
  });

  it('caps a batch at maxBatchSize', async () => {
    const { batches, run } = manualRunner();
    const batcher = new AppendBatcher(run, { maxInFlight: 1, maxBatchSize: 3 });
    const results = [0, 1, 2, 3, 4, 5, 6].map((n) => batcher.submit(n));
    batches[0]!.finish();
    await tick();
    batches[1]!.finish();
    await tick();
    batches[2]!.finish();
    await Promise.all(results);
    expect(batches.map((b) => b.items)).toEqual([[0], [1, 2, 3], [4, 5, 6]]);
  });

  it('settles each item with its own outcome; a thrown batch rejects all of its items only', async () => {
    const { batches, run } = manualRunner();
    const batcher = new AppendBatcher(run, { maxInFlight: 1 });
    const first = batcher.submit(0);
    const [a, b, c] = [1, 2, 3].map((n) => batcher.submit(n));
    batches[0]!.fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await tick();
    batches[1]!.finish([{ ok: true, value: 'x' }, { ok: false, error: new Error('own') }, { ok: true, value: 'z' }]);
    await expect(a).resolves.toBe('x');
    await expect(b).rejects.toThrow('own');
    await expect(c).resolves.toBe('z');
  });

  it('refuses nonsensical options', () => {
    const { run } = manualRunner();
    expect(() => new AppendBatcher(run, { maxInFlight: 0 })).toThrow(RangeError);
    expect(() => new AppendBatcher(run, { maxBatchSize: 1.5 })).toThrow(RangeError);
  });
});
