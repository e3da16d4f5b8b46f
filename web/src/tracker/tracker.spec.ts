import { errorReporter, type ErrorEntry } from './error-reports';
import { cumulativeLayoutShift, interactionToNextPaint } from './vitals';

describe('CLS (largest session window of layout shifts)', () => {
  const shift = (startTime: number, value: number, hadRecentInput = false) => ({ startTime, value, hadRecentInput });
  it.each<[string, ReturnType<typeof shift>[], number]>([
    ['no shifts', [], 0],
    ['one window', [shift(100, 0.05), shift(600, 0.05), shift(1400, 0.02)], 0.12],
    ['a gap of 1 s starts a new window; the largest counts', [shift(100, 0.05), shift(1200, 0.2), shift(1300, 0.01)], 0.21],
    ['a window ends at 5 s', [0, 900, 1800, 2700, 3600, 4500, 5400].map((t) => shift(t, 0.1)), 0.6],
    ['shifts after input are left out', [shift(100, 0.3, true), shift(200, 0.05)], 0.05],
  ])('%s', (_why, shifts, expected) => expect(cumulativeLayoutShift(shifts)).toBeCloseTo(expected, 10));
});

describe('INP (worst interaction, one left out per 50)', () => {
  it('is undefined before any interaction', () => expect(interactionToNextPaint(new Map())).toBeUndefined());
  it('is the worst of fewer than 50 interactions', () => expect(interactionToNextPaint(new Map([[1, 40], [2, 250], [3, 96]]))).toBe(250));
  it('leaves out the worst of 50 to 99 interactions', () => {
    const many = new Map(Array.from({ length: 60 }, (_, i) => [i + 1, i === 0 ? 900 : i === 1 ? 700 : 100] as [number, number]));
    expect(interactionToNextPaint(many)).toBe(700);
  });
});

describe('JavaScript error reporter (SPEC 9)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends debounced 1 s after the last error, stacks and messages cut to 5000 characters', () => {
    const batches: ErrorEntry[][] = [];
    const report = errorReporter((b) => batches.push(b));
    report({ message: 'a', stack: 'x'.repeat(6000) });
    jest.advanceTimersByTime(900);
    report({ message: 'm'.repeat(5001), stack: undefined });
    jest.advanceTimersByTime(999);
    expect(batches).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((e) => [e.message.length, e.stack.length])).toEqual([[1, 5000], [5000, 0]]);
  });

  it('queues at most 10 between sends and reports at most 20 a page', () => {
    const batches: ErrorEntry[][] = [];
    const report = errorReporter((b) => batches.push(b));
    for (let i = 0; i < 15; i++) report({ message: `e${i}`, stack: '' });
    jest.advanceTimersByTime(1000);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 10; i++) report({ message: `r${round}-${i}`, stack: '' });
      jest.advanceTimersByTime(1000);
    }
    expect(batches.map((b) => b.length)).toEqual([10, 10]);
    expect(batches[0]![9]!.message).toBe('e9');
    expect(batches.flat()).toHaveLength(20);
  });

  it('reports whatever is thrown as text', () => {
    const batches: ErrorEntry[][] = [];
    const report = errorReporter((b) => batches.push(b));
    report({ message: { toString: () => 'odd' }, stack: 42 });
    jest.advanceTimersByTime(1000);
    expect(batches[0]![0]).toMatchObject({ message: 'odd', stack: '42' });
  });
});
