import { rateWebVital, WEB_VITALS_THRESHOLDS, type WebVital } from '@storefront/domain';
import { p75OfHistogram, VITAL_COLUMNS, VITAL_EDGES, VITAL_METRICS, vitalBucket, vitalColumn, vitalColumnIndex } from './vitals-buckets';

describe('web vitals histogram buckets', () => {
  it('finds each bucket\'s column by its place in VITAL_COLUMNS', () => {
    for (const metric of VITAL_METRICS) {
      VITAL_EDGES[metric].forEach((_edge, bucket) => expect(VITAL_COLUMNS[vitalColumnIndex(metric, bucket)]).toBe(vitalColumn(metric, bucket)));
    }
  });

  it('has every SPEC threshold as a bucket edge, so a bucket never straddles a rating', () => {
    for (const metric of VITAL_METRICS) {
      expect(VITAL_EDGES[metric]).toEqual(expect.arrayContaining([WEB_VITALS_THRESHOLDS[metric].good, WEB_VITALS_THRESHOLDS[metric].poor]));
    }
  });

  it('rates a value\'s bucket edge as the value itself, and the edge is never below it (up to the last edge)', () => {
    for (const metric of VITAL_METRICS) {
      const edges = VITAL_EDGES[metric];
      const top = edges[edges.length - 1];
      for (let i = 0; i <= 20_000; i++) {
        const value = (top * i) / 20_000;
        const edge = edges[vitalBucket(metric, value)!];
        expect([metric, value, edge >= value]).toEqual([metric, value, true]);
        expect([metric, value, rateWebVital(metric, edge)]).toEqual([metric, value, rateWebVital(metric, value)]);
      }
    }
  });

  it('takes the nearest-rank p75 and refuses no-samples and bad values', () => {
    const counts = (metric: WebVital, values: number[]) => {
      const c = VITAL_EDGES[metric].map(() => 0);
      for (const v of values) c[vitalBucket(metric, v)!]++;
      return c;
    };
    expect(p75OfHistogram('lcp', counts('lcp', [1000, 2000, 2600, 3000]))).toEqual({ p75: 2750, rating: 'needs-improvement' });
    expect(p75OfHistogram('lcp', counts('lcp', [100, 100, 100, 4001]))).toEqual({ p75: 100, rating: 'good' });
    expect(p75OfHistogram('cls', counts('cls', [0.3, 0.3, 0.3, 0]))).toEqual({ p75: 0.3, rating: 'poor' });
    expect(p75OfHistogram('inp', counts('inp', [999_999]))).toEqual({ p75: 60_000, rating: 'poor' });
    expect(p75OfHistogram('fid', counts('fid', []))).toBeNull();
    expect([vitalBucket('lcp', -1), vitalBucket('lcp', Number.NaN), vitalBucket('cls', Infinity)]).toEqual([null, null, null]);
  });
});
