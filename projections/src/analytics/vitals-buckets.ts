import { rateWebVital, type WebVital, type WebVitalRating } from '@storefront/domain';

/**
 * Web vitals histogram (the p75 rollup): one row per day and page, one counter column per metric
 * and bucket (`lcp_b07`…), so a report over 90 days sums 90 × pages rows whatever the traffic,
 * and computes each p75 from the summed buckets.
 *
 * A sample counts in the first bucket whose upper edge is at or above it (values above the last
 * edge count in the last bucket). The reported p75 is the upper edge of the bucket holding the
 * nearest-rank p75 of the samples: never below the exact p75, and above it by less than the
 * bucket's width (edges about 10–25 % apart; 25 ms steps up to 200 ms, 0.01 for small CLS). Every
 * SPEC threshold (WEB_VITALS_THRESHOLDS) is an edge, so the rating of the reported p75 is always
 * the rating of the exact p75.
 */
export const VITAL_METRICS: WebVital[] = ['fcp', 'lcp', 'cls', 'inp', 'fid'];

const MS_EDGES = [
  25, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2250, 2500,
  2750, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10_000, 12_500, 15_000, 20_000, 30_000, 60_000,
];
const CLS_EDGES = [0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.125, 0.15, 0.175, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 2, 5, 10];

export const VITAL_EDGES: Record<WebVital, number[]> = { fcp: MS_EDGES, lcp: MS_EDGES, inp: MS_EDGES, fid: MS_EDGES, cls: CLS_EDGES };

/** The counter column of a metric's bucket, e.g. `lcp_b07`. */
export function vitalColumn(metric: WebVital, bucket: number): string {
  return `${metric}_b${String(bucket).padStart(2, '0')}`;
}

/** Every counter column, in a fixed order. */
export const VITAL_COLUMNS: string[] = VITAL_METRICS.flatMap((m) => VITAL_EDGES[m].map((_e, i) => vitalColumn(m, i)));

const FIRST_COLUMN = Object.fromEntries(VITAL_METRICS.map((m) => [m, VITAL_COLUMNS.indexOf(vitalColumn(m, 0))])) as Record<WebVital, number>;

/** The place of a metric's bucket column in VITAL_COLUMNS. */
export function vitalColumnIndex(metric: WebVital, bucket: number): number {
  return FIRST_COLUMN[metric] + bucket;
}

/** The bucket index of a value, or null for no sample (not a finite number ≥ 0). */
export function vitalBucket(metric: WebVital, value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  const edges = VITAL_EDGES[metric];
  for (let i = 0; i < edges.length; i++) if (value <= edges[i]) return i;
  return edges.length - 1;
}

/** Nearest-rank p75 from a metric's bucket counts (index = bucket), with its rating; null without samples. */
export function p75OfHistogram(metric: WebVital, counts: number[]): { p75: number; rating: WebVitalRating } | null {
  const total = counts.reduce((n, c) => n + c, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.75 * total);
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i];
    if (seen >= rank) {
      const p75 = VITAL_EDGES[metric][i];
      return { p75, rating: rateWebVital(metric, p75) };
    }
  }
  return null;
}
