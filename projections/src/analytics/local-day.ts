/**
 * Calendar days (`YYYY-MM-DD`) of instants in a time zone, and day arithmetic on such strings.
 * `LocalDays` caches the answer per zone and 15-minute slot (every zone's offset is a multiple of
 * 15 minutes), so bucketing a million hits costs a few thousand Intl calls, not a million.
 */
export class LocalDays {
  private readonly formatters = new Map<string, Intl.DateTimeFormat>();
  /** Per zone: 15-minute slot number → day. */
  private readonly slots = new Map<string, Map<number, string>>();

  day(at: string | number | Date, timeZone: string): string {
    const ms = typeof at === 'number' ? at : new Date(at).getTime();
    if (!Number.isFinite(ms)) throw new Error(`not a time: ${String(at)}`);
    const slot = Math.floor(ms / 900_000);
    let days = this.slots.get(timeZone);
    if (!days) this.slots.set(timeZone, (days = new Map()));
    const cached = days.get(slot);
    if (cached !== undefined) return cached;
    let formatter = this.formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      this.formatters.set(timeZone, formatter);
    }
    const day = formatter.format(ms);
    if (days.size > 200_000) days.clear();
    days.set(slot, day);
    return day;
  }
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ`, as `Date#toISOString` writes (and every event's time is written). */
const CANONICAL_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The UTC day of an instant. */
export function utcDay(at: string | number | Date): string {
  if (typeof at === 'string' && CANONICAL_UTC.test(at)) return at.slice(0, 10);
  return new Date(at).toISOString().slice(0, 10);
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds of a day's UTC midnight, or NaN when it is not a real calendar day. */
export function dayMs(day: string): number {
  const m = DAY_PATTERN.exec(day);
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms : NaN;
}

export function addDays(day: string, n: number): string {
  return new Date(dayMs(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / 86_400_000) + 1;
}

/** The first day of the day's month. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function addMonths(day: string, n: number): string {
  const d = new Date(dayMs(day));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 10);
}
