import { LocalDays, utcDay } from './local-day';

describe('days of instants', () => {
  it('utcDay: the UTC day, whether the time is written in UTC or with an offset', () => {
    expect(utcDay('2026-11-28T23:59:59.999Z')).toBe('2026-11-28');
    expect(utcDay('2026-11-28T01:00:00+05:00')).toBe('2026-11-27');
    expect(utcDay('2026-11-28T23:30:00-01:00')).toBe('2026-11-29');
    expect(utcDay(Date.parse('2026-03-01T00:00:00.000Z'))).toBe('2026-03-01');
  });

  it('LocalDays: the day in the zone, on both sides of midnight and of a DST change, for each zone apart', () => {
    const days = new LocalDays();
    expect(days.day('2026-11-28T04:59:59.999Z', 'America/New_York')).toBe('2026-11-27');
    expect(days.day('2026-11-28T05:00:00.000Z', 'America/New_York')).toBe('2026-11-28');
    expect(days.day('2026-11-28T04:59:59.999Z', 'Asia/Kolkata')).toBe('2026-11-28');
    expect(days.day('2026-11-28T18:29:59.999Z', 'Asia/Kolkata')).toBe('2026-11-28');
    expect(days.day('2026-11-28T18:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-29');
    // Summer time in New York: midnight is 04:00 UTC.
    expect(days.day('2026-07-01T03:59:00.000Z', 'America/New_York')).toBe('2026-06-30');
    expect(days.day('2026-07-01T04:00:00.000Z', 'America/New_York')).toBe('2026-07-01');
    // Asked again (from the cache), the same answers.
    expect(days.day('2026-11-28T04:59:59.999Z', 'America/New_York')).toBe('2026-11-27');
    expect(days.day('2026-11-28T04:59:59.999Z', 'Asia/Kolkata')).toBe('2026-11-28');
    expect(() => days.day('not a time', 'UTC')).toThrow(/not a time/);
  });
});
