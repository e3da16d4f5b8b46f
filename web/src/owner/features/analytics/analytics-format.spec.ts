import { bucketLabel, count, delta, money, percent, period, pointsDelta, vitalValue } from './analytics-format';

describe('how the Analytics panel writes numbers', () => {
  it('writes money from integer minor units in the store’s currency, never through a float', () => {
    expect(money(1234567, 'USD')).toBe('$12,345.67');
    expect(money(500, 'JPY')).toBe('¥500');
    expect(money(9007199254740991, 'USD')).toBe('$90,071,992,547,409.91');
    expect(count(1234567)).toBe('1,234,567');
  });

  it('writes rates as percentages, and — when there is nothing to divide by', () => {
    expect(percent(0.253)).toBe('25.3%');
    expect(percent(1)).toBe('100%');
    expect(percent(0)).toBe('0%');
    expect(percent(null)).toBe('—');
  });

  it('writes the change from the previous period with its direction; a change too small to show is flat', () => {
    expect(delta(150, 100)).toEqual({ text: '+50%', direction: 'up' });
    expect(delta(60, 200)).toEqual({ text: '−70%', direction: 'down' });
    expect(delta(100, 100)).toEqual({ text: '0%', direction: 'flat' });
    expect(delta(10_001, 10_000)).toEqual({ text: '0%', direction: 'flat' });
    expect(delta(5, 0)).toEqual({ text: '—', direction: 'none' });
    expect(delta(5, null)).toEqual({ text: '—', direction: 'none' });
  });

  it('writes the change of a rate in percentage points', () => {
    expect(pointsDelta(0.3, 0.25)).toEqual({ text: '+5 pts', direction: 'up' });
    expect(pointsDelta(0.06, 0.062)).toEqual({ text: '−0.2 pts', direction: 'down' });
    expect(pointsDelta(0.26, 0.25)).toEqual({ text: '+1 pt', direction: 'up' });
    expect(pointsDelta(0.25, 0.2501)).toEqual({ text: '0 pts', direction: 'flat' });
    expect(pointsDelta(null, 0.2)).toEqual({ text: '—', direction: 'none' });
    expect(pointsDelta(0.2, null)).toEqual({ text: '—', direction: 'none' });
  });

  it('writes days as calendar days, whatever the browser’s zone, and buckets by their granularity', () => {
    expect(period('2026-11-01', '2026-11-07')).toBe('Nov 1 – Nov 7, 2026');
    expect(period('2025-12-20', '2026-01-02')).toBe('Dec 20, 2025 – Jan 2, 2026');
    expect(period('2026-11-01', '2026-11-01')).toBe('Nov 1, 2026');
    expect(bucketLabel('2026-11-02', 'day')).toBe('Nov 2, 2026');
    expect(bucketLabel('2026-11-02', 'week')).toBe('Week of Nov 2, 2026');
    expect(bucketLabel('2026-11-01', 'month')).toBe('November 2026');
  });

  it('writes web vitals in their unit', () => {
    expect(vitalValue('lcp', 2400)).toBe('2.4 s');
    expect(vitalValue('inp', 180.4)).toBe('180 ms');
    expect(vitalValue('cls', 0.1)).toBe('0.10');
  });
});
