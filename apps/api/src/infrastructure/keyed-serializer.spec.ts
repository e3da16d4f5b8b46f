import { KeyedSerializer } from './keyed-serializer';

/** Lets every other task waiting to run take its turn (a macrotask, after all pending promise callbacks). */
const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedSerializer', () => {
  it('runs tasks of one key one at a time in arrival order, other keys in parallel', async () => {
    const serializer = new KeyedSerializer();
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const task = (name: string) => async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([serializer.run('a', task('a1')), serializer.run('a', task('a2')), serializer.run('a', task('a3'))]);
    expect(results).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(maxRunning).toBe(1);

    running = 0;
    maxRunning = 0;
    await Promise.all([serializer.run('x', task('x')), serializer.run('y', task('y'))]);
    expect(maxRunning).toBe(2);
  });

  it('keeps going after a failed task and forgets drained keys', async () => {
    const serializer = new KeyedSerializer();
    const failed = serializer.run('k', async () => {
      throw new Error('boom');
    });
    const next = serializer.run('k', async () => 'after');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('after');
    await tick();
    expect(serializer.activeKeys).toBe(0);
  });
});
