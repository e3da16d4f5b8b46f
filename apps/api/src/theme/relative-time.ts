/**
 * SPEC 9 'Relative time': 'about N years, months, weeks, days, hours, minutes ago', else 'less than
 * a minute ago'. A year is 365 days and a month 30 days; one of a unit reads 'about a day ago'
 * ('about an hour ago'), as the template engine's `timesince` formatter words it.
 */
import { ERROR_MESSAGES } from '@storefront/domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = { name: string; days?: number; ms?: number };

/** Largest unit first; the first one that fits at least once wins. */
const UNITS: Unit[] = [
  { name: 'year', days: 365 },
  { name: 'month', days: 30 },
  { name: 'week', days: 7 },
  { name: 'day', days: 1 },
  { name: 'hour', ms: HOUR },
  { name: 'minute', ms: MINUTE },
];

function phrase(count: number, unit: string): string {
  if (count !== 1) return `about ${count} ${unit}s ago`;
  return unit === 'hour' ? 'about an hour ago' : `about a ${unit} ago`;
}

/** How long ago `then` was, seen at `now` (both epoch milliseconds). A time in the future reads as just now. */
export function relativeTime(then: number, now: number): string {
  if (!Number.isFinite(then) || !Number.isFinite(now)) throw new RangeError(ERROR_MESSAGES.INVALID_DATE);
  const elapsed = Math.max(0, now - then);
  const days = Math.floor(elapsed / DAY);
  for (const unit of UNITS) {
    const count = unit.days !== undefined ? Math.floor(days / unit.days) : Math.floor(elapsed / unit.ms!);
    if (count > 0) return phrase(count, unit.name);
  }
  return 'less than a minute ago';
}
