import { errorOf, isValidTimeZone, REPORT_NAMES, type Granularity, type ReportName, type ReportQuery } from '@storefront/domain';
import { dayMs, daysBetween } from '@storefront/projections';
import { DomainException } from '../infrastructure/http/domain-exception';

/** Longest period one report covers (both ends included). */
export const MAX_REPORT_DAYS = 366;
const GRANULARITIES: Granularity[] = ['day', 'week', 'month'];

const invalid = (field: string, message: string) => new DomainException(errorOf('INVALID_REQUEST', message, { field }));

/** `traffic` → { report: 'traffic', csv: false }; `traffic.csv` → csv; anything else: 404-worthy null. */
export function reportOf(raw: string): { report: ReportName; csv: boolean } | null {
  const csv = raw.endsWith('.csv');
  const name = csv ? raw.slice(0, -4) : raw;
  return (REPORT_NAMES as readonly string[]).includes(name) ? { report: name as ReportName, csv } : null;
}

function single(query: Record<string, unknown>, field: string): string | undefined {
  const value = query[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(field, `${field} must be given once.`);
  return value;
}

function day(query: Record<string, unknown>, field: 'from' | 'to'): string {
  const value = single(query, field);
  if (value === undefined) throw invalid(field, `${field} is required: a date YYYY-MM-DD.`);
  if (value.length !== 10 || !Number.isFinite(dayMs(value))) throw invalid(field, `${field} must be a date YYYY-MM-DD.`);
  return value;
}

/**
 * The report query string (reports.ts `ReportQuery`): `from`, `to` (YYYY-MM-DD, both included,
 * `from` not after `to`, at most 366 days), `granularity` (day, week, month; default day),
 * `timeZone` (IANA; default the website's, and the only one the rollups are kept in), `compare`
 * (1 or 0). Anything else is a 400 naming the field.
 */
export function parseReportQuery(query: Record<string, unknown>, websiteTimeZone: string): ReportQuery {
  const from = day(query, 'from');
  const to = day(query, 'to');
  if (from > to) throw invalid('to', 'to must not be before from.');
  if (daysBetween(from, to) > MAX_REPORT_DAYS) throw invalid('to', `A report covers at most ${MAX_REPORT_DAYS} days.`);
  const granularity = single(query, 'granularity') ?? 'day';
  if (!GRANULARITIES.includes(granularity as Granularity)) throw invalid('granularity', 'granularity must be day, week or month.');
  const timeZone = single(query, 'timeZone') ?? websiteTimeZone;
  if (timeZone.length > 100 || !isValidTimeZone(timeZone)) throw invalid('timeZone', 'timeZone must be an IANA time zone such as America/New_York.');
  if (timeZone !== websiteTimeZone) {
    throw invalid('timeZone', `Reports are rolled up per day in the website's time zone (${websiteTimeZone}); timeZone must be that zone or left out.`);
  }
  const compare = single(query, 'compare') ?? '0';
  if (compare !== '0' && compare !== '1') throw invalid('compare', 'compare must be 1 or 0.');
  return { from, to, granularity: granularity as Granularity, timeZone, compare: compare === '1' };
}
