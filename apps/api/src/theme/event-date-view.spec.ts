import { eventDateView, isSameDay } from './event-date-view';

const at = (iso: string) => Date.parse(iso);

describe('same-day rule (SPEC 9: same UTC year and day of year)', () => {
  it.each([
    ['2026-03-14T15:00:00Z', '2026-03-14T18:00:00Z', true],
    ['2026-03-14T00:00:00Z', '2026-03-14T23:59:59Z', true],
    ['2026-03-14T23:00:00Z', '2026-03-15T01:00:00Z', false],
    ['2025-03-14T15:00:00Z', '2026-03-14T15:00:00Z', false],
    ['2026-12-05T15:00:00Z', '2026-12-06T22:00:00Z', false],
  ])('%s → %s is same-day: %p', (start, end, same) => {
    expect(isSameDay(at(start), at(end))).toBe(same);
  });

  it('agrees with the engine fixture p-same-day-1', () => {
    expect(isSameDay(1384518630000, 1384515030000)).toBe(true);
    expect(isSameDay(1384518630000, 1384432230000)).toBe(false);
    expect(isSameDay(1384518630000, 1384605030000)).toBe(false);
  });
});

describe('eventDateView', () => {
  it('shows one date and a time range for a same-day event, in the website time zone', () => {
    const view = eventDateView({ startDate: at('2026-03-14T15:00:00Z'), endDate: at('2026-03-14T18:00:00Z') }, 'America/New_York');
    expect(view).toMatchObject({
      sameDay: true,
      startDate: 'Saturday, March 14, 2026',
      startTime: '11:00 AM',
      endTime: '2:00 PM',
      month: 'Mar',
      day: '14',
      startIso: '2026-03-14T15:00:00.000Z',
      label: 'Saturday, March 14, 2026, 11:00 AM – 2:00 PM',
    });
  });

  it('shows both dates for a multi-day event', () => {
    const view = eventDateView({ startDate: at('2026-12-05T15:00:00Z'), endDate: at('2026-12-06T22:00:00Z') }, 'America/New_York');
    expect(view.sameDay).toBe(false);
    expect(view.label).toBe('Saturday, December 5, 2026, 10:00 AM – Sunday, December 6, 2026, 5:00 PM');
  });

  it('falls back to the default time zone for an unknown one', () => {
    const view = eventDateView({ startDate: at('2026-03-14T15:00:00Z'), endDate: at('2026-03-14T18:00:00Z') }, 'Not/AZone');
    expect(view.startTime).toBe('11:00 AM');
  });
});
