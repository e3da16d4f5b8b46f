import { useEffect, useRef } from 'react';
import type { ChartSpec } from './chart-spec';

/**
 * A chart of the Analytics panel: a figure whose accessible name is `summary` (what the chart
 * shows, in words; the table beside it has every number), drawn by uPlot once its chunk has
 * loaded, at the figure's width, drawn again when that width changes.
 *
 * uPlot needs a 2D canvas, matchMedia and ResizeObserver; where they are missing (jsdom, an old
 * browser) the figure keeps its summary and the table carries the report.
 */
const canDraw = () => typeof window.matchMedia === 'function' && typeof ResizeObserver === 'function';

export function Chart({ summary, spec }: { summary: string; spec: ChartSpec }) {
  const canvas = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = canvas.current;
    if (!target || !canDraw()) return;
    let cancelled = false;
    let chart: { destroy(): void } | null = null;
    let drawnWidth = 0;
    let observer: ResizeObserver | null = null;
    void import('./uplot-charts').then(
      ({ drawChart }) => {
        if (cancelled) return;
        const draw = () => {
          const width = Math.floor(target.clientWidth);
          if (width === drawnWidth || width <= 0) return;
          drawnWidth = width;
          chart?.destroy();
          chart = drawChart(target, spec, width);
        };
        draw();
        observer = new ResizeObserver(draw);
        observer.observe(target);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [spec]);
  return (
    <figure className="an-chart" role="img" aria-label={summary}>
      <div ref={canvas} className="an-chart-canvas" />
    </figure>
  );
}
