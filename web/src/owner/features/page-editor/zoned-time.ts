/**
 * Event times are entered as the website's wall-clock time (its time zone, SPEC 3 'Website'
 * timeZone) in `datetime-local` fields, and stored as epoch milliseconds. Pure, with Intl only.
 */

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function partsIn(ms: number, timeZone: string): Parts {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const get = (type: string) => Number(format.formatToParts(ms).find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `ms`, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (ms - (((ms % 1000) + 1000) % 1000));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DDTHH:mm' of `ms` on `timeZone`'s wall clock ('' for null). */
export function toZonedInput(ms: number | null, timeZone: string): string {
  if (ms === null) return '';
  const p = partsIn(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The instant a `datetime-local` value names on `timeZone`'s wall clock; null when it is not one. */
export function fromZonedInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second || 0);
  if (!Number.isFinite(wall)) return null;
  // The offset at the guess, then at the instant it gives (they differ only next to a DST change).
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}
