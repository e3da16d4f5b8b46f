import { rateWebVital, type WebVital, type WebVitalRating } from '@storefront/domain';

/**
 * Web vitals histogram (the p75 rollup). Every sample is rounded UP to its bucket: time metrics
 * (FCP, LCP, INP, FID; milliseconds) to the next multiple of 10 ms, CLS to the next 0.001; values
 * above 60 s (CLS above 10) fall in the top bucket. So a reported p75 is at most 10 ms (0.001)
 * above the exact nearest-rank p75 of the samples and never below it. Because the SPEC's
 * thresholds are multiples of the bucket width, rounding up never changes a rating: the rating of
 * the reported p75 is the rating of the exact p75.
 *
 * A bucket is stored as an integer: milliseconds for time metrics, thousandths for CLS.
 */
export const VITAL_METRICS: WebVital[] = ['fcp', 'lcp', 'cls', 'inp', 'fid'];

const TIME_STEP = 10;
const TIME_CAP = 60_000;
const CLS_CAP = 10_000; // thousandths

export function vitalBucket(metric: WebVital, value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  if (metric === 'cls') return Math.min(CLS_CAP, Math.ceil(value * 1000 - 1e-9));
  return Math.min(TIME_CAP, Math.ceil(value / TIME_STEP - 1e-9) * TIME_STEP);
}

export function bucketValue(metric: WebVital, bucket: number): number {
  return metric === 'cls' ? bucket / 1000 : bucket;
}

/** Nearest-rank p75 of a histogram (bucket → count), with its rating; null without samples. */
export function p75OfHistogram(metric: WebVital, histogram: { bucket: number; count: number }[]): { p75: number; rating: WebVitalRating } | null {
  const total = histogram.reduce((n, h) => n + h.count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.75 * total);
  let seen = 0;
  for (const h of [...histogram].sort((a, b) => a.bucket - b.bucket)) {
    seen += h.count;
    if (seen >= rank) {
      const p75 = bucketValue(metric, h.bucket);
      return { p75, rating: rateWebVital(metric, p75) };
    }
  }
  return null;
}
