/**
 * How an event's dates read on the page. SPEC 9: an event is same-day when its start and end fall
 * in the same UTC year and day of year (the engine's `same-day?` predicate); a same-day event
 * shows one date and a time range, any other shows both dates with their times. Labels are in the
 * website's time zone.
 */
import { DEFAULT_TIME_ZONE } from '@storefront/domain';
export type EventDates = { startDate: number; endDate: number };

export type EventDateView = {
  sameDay: boolean;
  /** ISO 8601 instants (UTC) for `<time datetime>`. */
  startIso: string;
  endIso: string;
  /** 'Saturday, March 14, 2026' */
  startDate: string;
  endDate: string;
  /** '10:00 AM' */
  startTime: string;
  endTime: string;
  /** Calendar badge: 'Mar' and '14'. */
  month: string;
  day: string;
  /** One line: 'Saturday, March 14, 2026, 10:00 AM – 1:00 PM' or 'Friday, March 13, 2026, 6:00 PM – Sunday, March 15, 2026, 4:00 PM'. */
  label: string;
};


/** Same UTC year and day of year. */
export function isSameDay(startDate: number, endDate: number): boolean {
  const a = new Date(startDate);
  const b = new Date(endDate);
  return a.getUTCFullYear() === b.getUTCFullYear() && a.getUTCMonth() === b.getUTCMonth() && a.getUTCDate() === b.getUTCDate();
}

/** ICU puts a narrow no-break space before AM/PM; pages and tests read better with a plain space. */
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

function formatter(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: DEFAULT_TIME_ZONE });
  }
}

export function eventDateView(event: EventDates, timeZone: string = DEFAULT_TIME_ZONE, locale = 'en-US'): EventDateView {
  const date = formatter(locale, timeZone, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  const time = formatter(locale, timeZone, { hour: 'numeric', minute: '2-digit' });
  const month = formatter(locale, timeZone, { month: 'short' });
  const day = formatter(locale, timeZone, { day: 'numeric' });
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  const sameDay = isSameDay(event.startDate, event.endDate);
  const view = {
    sameDay,
    startIso: start.toISOString(),
    endIso: end.toISOString(),
    startDate: plain(date.format(start)),
    endDate: plain(date.format(end)),
    startTime: plain(time.format(start)),
    endTime: plain(time.format(end)),
    month: plain(month.format(start)),
    day: plain(day.format(start)),
  };
  const label = sameDay
    ? `${view.startDate}, ${view.startTime} – ${view.endTime}`
    : `${view.startDate}, ${view.startTime} – ${view.endDate}, ${view.endTime}`;
  return { ...view, label };
}
