import { REPORT_NAMES, type Granularity, type ReportName } from '@storefront/domain/analytics/reports';

/**
 * The Analytics panel's state as its address says it (so a report can be linked), and the report
 * API's query built from it (`GET /api/config/analytics/{report}` and `.csv`, domain/src/analytics/reports.ts).
 *
 * Address: `range` (a preset, or `custom` with `from` and `to`), `granularity`, `compare=1`. A
 * preset is kept by name, not by dates: a link to "Last 30 days" opened tomorrow shows the 30 days
 * up to tomorrow. Presets end today (in the website's time zone) and include it.
 */
export const RANGE_PRESETS = ['last-7-days', 'last-30-days', 'last-90-days', 'this-month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type RangeChoice = RangePreset | 'custom';

export const RANGE_LABELS: Record<RangeChoice, string> = {
  'last-7-days': 'Last 7 days',
  'last-30-days': 'Last 30 days',
  'last-90-days': 'Last 90 days',
  'this-month': 'This month',
  custom: 'Custom dates',
};

export const GRANULARITIES: readonly Granularity[] = ['day', 'week', 'month'];
export const GRANULARITY_LABELS: Record<Granularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** The longest period a report covers, both ends included (the API's limit too). */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE: RangePreset = 'last-30-days';

export type PanelState = {
  range: RangeChoice;
  /** Only for `custom`: what the address says, as written (checked by `resolveRange`). */
  from: string;
  to: string;
  granularity: Granularity;
  compare: boolean;
};

export type ResolvedRange = { ok: true; from: string; to: string } | { ok: false; problem: string };

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date (YYYY-MM-DD) as days since 1970-01-01, or null when it is not a real date. */
function dayNumber(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

const fromDayNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const n = dayNumber(date);
  if (n === null) throw new Error(`not a date: ${date}`);
  return fromDayNumber(n + days);
}

/** Days from `from` to `to`, both included (1 for a single day). */
export function daysIncluded(from: string, to: string): number {
  return (dayNumber(to) ?? 0) - (dayNumber(from) ?? 0) + 1;
}

/** Today's date in `timeZone` (the website's), the browser's own zone when it is unknown or not a zone. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const format = (zone?: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

/** The dates a preset covers on `today`. */
export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'last-90-days':
      return { from: addDays(today, -89), to: today };
    case 'this-month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** Why a custom period cannot be shown, in words; null when it can. */
export function rangeProblem(from: string, to: string): string | null {
  if (from === '' && to === '') return 'Choose a start date and an end date.';
  if (from === '') return 'Choose a start date.';
  if (to === '') return 'Choose an end date.';
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null) return 'The start date is not a date (YYYY-MM-DD).';
  if (b === null) return 'The end date is not a date (YYYY-MM-DD).';
  if (a > b) return 'The start date must be on or before the end date.';
  const days = b - a + 1;
  if (days > MAX_RANGE_DAYS) return `A period can be at most ${MAX_RANGE_DAYS} days; this one is ${days} days.`;
  return null;
}

/** The period the panel shows: a preset's dates on `today`, or the custom dates once they pass `rangeProblem`. */
export function resolveRange(state: PanelState, today: string): ResolvedRange {
  if (state.range !== 'custom') return { ok: true, ...presetRange(state.range, today) };
  const problem = rangeProblem(state.from, state.to);
  return problem ? { ok: false, problem } : { ok: true, from: state.from, to: state.to };
}

/** The previous period of the same length, just before `from` (what `compare=1` adds). */
export function previousRange(from: string, to: string): { from: string; to: string } {
  const days = daysIncluded(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

const isPreset = (value: string | null): value is RangePreset => (RANGE_PRESETS as readonly string[]).includes(value ?? '');
const isGranularity = (value: string | null): value is Granularity => (GRANULARITIES as readonly string[]).includes(value ?? '');

/** The panel's state from its address; anything missing or unknown is the default. */
export function parsePanelState(params: URLSearchParams): PanelState {
  const range = params.get('range');
  const granularity = params.get('granularity');
  const custom = range === 'custom' || (range === null && (params.has('from') || params.has('to')));
  return {
    range: custom ? 'custom' : isPreset(range) ? range : DEFAULT_RANGE,
    from: custom ? (params.get('from') ?? '') : '',
    to: custom ? (params.get('to') ?? '') : '',
    granularity: isGranularity(granularity) ? granularity : 'day',
    compare: params.get('compare') === '1',
  };
}

/** The panel's address query for `state` (defaults left out, so a plain /config/analytics stays plain). */
export function panelSearch(state: PanelState): string {
  const params = new URLSearchParams();
  if (state.range === 'custom') {
    params.set('range', 'custom');
    params.set('from', state.from);
    params.set('to', state.to);
  } else if (state.range !== DEFAULT_RANGE) {
    params.set('range', state.range);
  }
  if (state.granularity !== 'day') params.set('granularity', state.granularity);
  if (state.compare) params.set('compare', '1');
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** What a report is asked for: the resolved dates, the granularity, the website's time zone (when known) and the comparison. */
export type ReportRequest = { from: string; to: string; granularity: Granularity; timeZone?: string; compare: boolean };

/** The report API's query string (without '?'): from, to, granularity, timeZone, compare=1. */
export function reportQueryString(request: ReportRequest): string {
  const params = new URLSearchParams({ from: request.from, to: request.to, granularity: request.granularity });
  if (request.timeZone) params.set('timeZone', request.timeZone);
  if (request.compare) params.set('compare', '1');
  return params.toString();
}

/** The report's JSON address (relative to /api, as the owner app's API calls are written). */
export const reportPath = (report: ReportName, request: ReportRequest) => `config/analytics/${report}?${reportQueryString(request)}`;

/** The CSV export of a report's table(s), with the same query as its page. */
export const reportCsvUrl = (report: ReportName, request: ReportRequest) => `/api/config/analytics/${report}.csv?${reportQueryString(request)}`;

export const isReportName = (value: string | undefined): value is ReportName => (REPORT_NAMES as readonly string[]).includes(value ?? '');
