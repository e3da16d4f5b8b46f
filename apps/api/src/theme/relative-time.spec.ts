import { relativeTime } from './relative-time';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 23, 12, 0, 0);

describe('relativeTime (SPEC 9)', () => {
  it.each([
    [0, 'less than a minute ago'],
    [59_999, 'less than a minute ago'],
    [MIN, 'about a minute ago'],
    [5 * MIN, 'about 5 minutes ago'],
    [59 * MIN, 'about 59 minutes ago'],
    [HOUR, 'about an hour ago'],
    [3 * HOUR, 'about 3 hours ago'],
    [23 * HOUR + 59 * MIN, 'about 23 hours ago'],
    [DAY, 'about a day ago'],
    [3 * DAY, 'about 3 days ago'],
    [6 * DAY, 'about 6 days ago'],
    [7 * DAY, 'about a week ago'],
    [15 * DAY, 'about 2 weeks ago'],
    [29 * DAY, 'about 4 weeks ago'],
    [30 * DAY, 'about a month ago'],
    [90 * DAY, 'about 3 months ago'],
    [364 * DAY, 'about 12 months ago'],
    [365 * DAY, 'about a year ago'],
    [3 * 365 * DAY, 'about 3 years ago'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(relativeTime(now - elapsed, now)).toBe(text);
  });

  it('reads a time in the future as just now', () => {
    expect(relativeTime(now + DAY, now)).toBe('less than a minute ago');
  });

  it('refuses a bad number', () => {
    expect(() => relativeTime(Number.NaN, now)).toThrow('Invalid date.');
  });
});
