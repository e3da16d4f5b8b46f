/**
 * What a chart of the Analytics panel shows, as plain data: the report screens build it, the
 * chart chunk (uplot-charts.ts) draws it. Formatting is the panel's own (analytics-format.ts).
 */
/** `idle`: what the legend says of the series while no bucket is pointed at (its total). */
export type ChartSeries = { label: string; values: (number | null)[]; color: string; dashed?: boolean; fill?: boolean; idle?: string };

/** Lines over time; `buckets` are the report's buckets (YYYY-MM-DD, the first day of each). */
export type TimeChartSpec = {
  kind: 'time';
  xLabel: string;
  /** What the legend says of the x axis while no bucket is pointed at (the period). */
  xIdle: string;
  buckets: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  /** The value axis' labels (`format` when not given). */
  axisFormat?: (value: number) => string;
  /** A bucket in the legend ('Nov 3, 2026', 'Week of Nov 2, 2026'). */
  bucketLabel: (bucket: string) => string;
  /** A bucket under the axis, short ('Nov 3'). */
  tickLabel: (bucket: string) => string;
};

/** Horizontal bars, one a category, each with its value written after it (`valueLabels`). */
export type BarChartSpec = {
  kind: 'bars';
  label: string;
  categories: string[];
  values: number[];
  valueLabels: string[];
  color: string;
  format: (value: number) => string;
};

export type ChartSpec = TimeChartSpec | BarChartSpec;

/** The panel's series colours: the owner app's accent first. */
export const CHART_COLORS = { primary: '#2f6fed', second: '#0f8b8d', third: '#c2410c', previous: '#8d8d86' } as const;
