import type { Granularity } from '@storefront/domain/analytics/reports';
import type { WebVital } from '@storefront/domain/analytics/wire';
import { formatMoney } from '@storefront/domain/shared/money';

/**
 * How the Analytics panel writes numbers: counts with separators, money from integer minor units
 * in the store's currency (domain/src/shared/money.ts, never through a float), rates (fractions from
 * the API) as percentages, and '—' where a rate has no denominator.
 */
export const NO_VALUE = '—';

const counts = new Intl.NumberFormat('en-US');
export const count = (n: number) => counts.format(n);

export const money = (minor: number, currency: string) => formatMoney(minor, currency, 'en-US');

/** A rate (0.253 → '25.3%'); '—' when null (nothing to divide by). */
export function percent(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return NO_VALUE;
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(rate * 100)}%`;
}

/** The change from `previous` to `current` ('+12.5%', '−3%', '0%'); '—' when there was nothing before. */
export function delta(current: number, previous: number | null | undefined): { text: string; direction: 'up' | 'down' | 'flat' | 'none' } {
  if (previous === null || previous === undefined || previous === 0) return { text: NO_VALUE, direction: 'none' };
  // Rounded to a tenth of a percent first, so a change too small to show reads as flat ('0%').
  const change = Math.round(((current - previous) / previous) * 1000) / 10;
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(change);
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  return { text: `${text.replace('-', '−')}%`, direction };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD) read as written, whatever the browser's zone: 'Nov 3, 2026', or 'Nov 3' without the year. */
export function day(date: string, withYear = true): string {
  const [y, m, d] = date.split('-');
  const text = `${MONTHS[Number(m) - 1] ?? m} ${Number(d)}`;
  return withYear ? `${text}, ${y}` : text;
}

/** A period's dates ('Nov 1 – Nov 28, 2026'; the year on both ends when they differ). */
export function period(from: string, to: string): string {
  if (from === to) return day(from);
  return from.slice(0, 4) === to.slice(0, 4) ? `${day(from, false)} – ${day(to)}` : `${day(from)} – ${day(to)}`;
}

/** A bucket's label in a table: its day, its week ('Week of Nov 2, 2026') or its month ('November 2026'). */
export function bucketLabel(bucket: string, granularity: Granularity): string {
  if (granularity === 'week') return `Week of ${day(bucket)}`;
  if (granularity === 'month') {
    const [y, m] = bucket.split('-');
    return `${new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${y}`;
  }
  return day(bucket);
}

/** A moment (ISO) in the website's time zone ('Nov 23, 2026, 10:04 AM'). */
export function moment(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/** A web vital's value in its unit: CLS has none ('0.12'), the others are milliseconds ('850 ms', '2.4 s'). */
export function vitalValue(metric: WebVital, value: number): string {
  if (metric === 'cls') return new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(value);
  if (value < 1000) return `${Math.round(value)} ms`;
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value / 1000)} s`;
}

/** The change of a rate in percentage points (0.25 → 0.30: '+5 pts'); '—' when either rate has no denominator. */
export function pointsDelta(current: number | null, previous: number | null | undefined): { text: string; direction: 'up' | 'down' | 'flat' | 'none' } {
  if (current === null || previous === null || previous === undefined) return { text: NO_VALUE, direction: 'none' };
  const points = Math.round((current - previous) * 1000) / 10;
  if (points === 0) return { text: '0 pts', direction: 'flat' };
  const text = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(points).replace('-', '−');
  return { text: `${text} ${Math.abs(points) === 1 ? 'pt' : 'pts'}`, direction: points > 0 ? 'up' : 'down' };
}
