import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSpec, TimeChartSpec, BarChartSpec } from './chart-spec';

/**
 * The Analytics panel's charts, drawn by uPlot (a canvas chart library, MIT, about 50 kB
 * minified). Its own chunk: the panel loads it only when a chart is on screen, after the tables.
 *
 * - time: lines over the report's buckets (calendar days in the website's time zone, drawn as UTC
 *   so no browser zone moves them); a dashed series is the previous period, aligned bucket by bucket.
 * - bars: horizontal bars, one a category, with its value written at the end of the bar.
 */
const INK = '#5b5b57';
const GRID = '#ecece8';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const dayNumber = (bucket: string) => {
  const [y, m, d] = bucket.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / 1000;
};

/** At most `max` of `values`, evenly spread, first and last included when they fit. */
function thin<T>(values: T[], max: number): T[] {
  if (values.length <= max) return values;
  const step = Math.ceil(values.length / Math.max(1, max));
  return values.filter((_, i) => i % step === 0);
}

function timeChart(target: HTMLElement, spec: TimeChartSpec, width: number): uPlot {
  const xs = spec.buckets.map(dayNumber);
  const labelOf = new Map(xs.map((x, i) => [x, spec.buckets[i]!]));
  const opts: uPlot.Options = {
    width,
    height: 260,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    legend: { live: true },
    scales: {
      x: { time: true, range: (_u, min, max) => (min === max ? [min - 43_200, max + 43_200] : [min, max]) },
      y: { range: (_u, _min, max) => uPlot.rangeNum(0, max > 0 ? max : 1, 0.1, true) },
    },
    series: [
      { label: spec.xLabel, value: (_u, v) => (v === null ? spec.xIdle : spec.bucketLabel(labelOf.get(v) ?? '')) },
      ...spec.series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        dash: s.dashed ? [6, 5] : undefined,
        fill: s.fill ? `${s.color}1f` : undefined,
        points: { show: xs.length <= 45, size: 5, fill: s.color },
        value: (u: uPlot, v: number | null) => (v !== null ? spec.format(v) : u.cursor.idx === null || u.cursor.idx === undefined ? (s.idle ?? '') : '—'),
      })),
    ],
    axes: [
      {
        stroke: INK,
        font: FONT,
        grid: { show: false },
        ticks: { stroke: GRID },
        splits: () => thin(xs, Math.max(2, Math.floor(width / 90))),
        values: (_u, splits) => splits.map((x) => spec.tickLabel(labelOf.get(x) ?? '')),
      },
      {
        stroke: INK,
        font: FONT,
        size: 64,
        grid: { stroke: GRID },
        ticks: { show: false },
        values: (_u, splits) => splits.map((v) => (spec.axisFormat ?? spec.format)(v)),
      },
    ],
  };
  return new uPlot(opts, [xs, ...spec.series.map((s) => s.values)], target);
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function barChart(target: HTMLElement, spec: BarChartSpec, width: number): uPlot {
  const n = spec.categories.length;
  const xs = spec.categories.map((_, i) => i);
  const maxChars = width < 500 ? 18 : 32;
  const labels = spec.categories.map((c) => truncate(c, maxChars));
  const labelWidth = Math.min(Math.round(width * 0.42), Math.max(...labels.map((l) => l.length), 4) * 7 + 20);
  const opts: uPlot.Options = {
    width,
    height: n * 38 + 12,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // Vertical, first category on top.
      x: { time: false, ori: 1, dir: -1, range: [-0.5, n - 0.5] },
      // Room on the right for the value written after the longest bar.
      y: { ori: 0, range: (_u, _min, max) => [0, (max > 0 ? max : 1) * 1.3] },
    },
    series: [
      {},
      {
        label: spec.label,
        fill: spec.color,
        stroke: spec.color,
        paths: uPlot.paths.bars!({ size: [0.66, 28], align: 0 }),
        points: { show: false },
      },
    ],
    axes: [
      {
        scale: 'x',
        side: 3,
        stroke: INK,
        font: FONT,
        size: labelWidth,
        gap: 8,
        grid: { show: false },
        ticks: { show: false },
        splits: () => xs,
        values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
      },
      // Each bar has its value written after it: no value axis.
      { scale: 'y', show: false, grid: { show: false } },
    ],
    hooks: {
      draw: [
        (u) => {
          const ctx = u.ctx;
          ctx.save();
          ctx.font = `600 ${Math.round(12 * devicePixelRatio)}px system-ui, sans-serif`;
          ctx.fillStyle = '#1d1d1b';
          ctx.textBaseline = 'middle';
          ctx.textAlign = 'left';
          spec.values.forEach((v, i) => {
            const x = u.valToPos(v, 'y', true) + 6 * devicePixelRatio;
            const y = u.valToPos(i, 'x', true);
            ctx.fillText(spec.valueLabels[i] ?? spec.format(v), x, y);
          });
          ctx.restore();
        },
      ],
    },
  };
  return new uPlot(opts, [xs, spec.values], target);
}

/** Draws `spec` into `target` at `width` px; the caller resizes (setSize) and destroys it. */
export function drawChart(target: HTMLElement, spec: ChartSpec, width: number): uPlot {
  return spec.kind === 'time' ? timeChart(target, spec, width) : barChart(target, spec, width);
}
