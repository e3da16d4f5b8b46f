import type { ReactNode } from 'react';
import { delta, pointsDelta } from './analytics-format';

/**
 * The pieces every report is made of: total tiles (with the change from the previous period),
 * a table card (its heading, its CSV export, the table scrolling sideways on a phone) and the
 * change cell of a table.
 */
export type Tile = {
  label: string;
  value: string;
  /** For the change from the previous period: this period's and the previous period's numbers. */
  current?: number;
  previous?: number | null;
  /** More is worse (errors, abandoned carts): a rise is shown as bad news. */
  riseIsBad?: boolean;
  /** A rate: its change is in percentage points. */
  points?: boolean;
  hint?: string;
};

export function Tiles({ tiles, comparing }: { tiles: Tile[]; comparing: boolean }) {
  return (
    <dl className="an-tiles">
      {tiles.map((tile) => (
        <div key={tile.label} className="an-tile">
          <dt>{tile.label}</dt>
          <dd className="an-tile-value">{tile.value}</dd>
          {comparing && tile.current !== undefined && (
            <dd className="an-tile-delta">
              <Change current={tile.current} previous={tile.previous ?? null} riseIsBad={tile.riseIsBad} points={tile.points} />
              <span className="an-tile-versus"> vs previous period</span>
            </dd>
          )}
          {tile.hint && <dd className="an-tile-hint">{tile.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}

/**
 * '+12.5%' / '−3%' with its direction for colour and for screen readers; '—' when there was nothing
 * before. Rates (`points`) change in percentage points ('+1.5 pts'), not in percent of themselves.
 */
export function Change({ current, previous, riseIsBad = false, points = false }: { current: number | null; previous: number | null; riseIsBad?: boolean; points?: boolean }) {
  const { text, direction } = points ? pointsDelta(current, previous) : current === null ? { text: '—', direction: 'none' as const } : delta(current, previous);
  const good = direction === 'flat' || direction === 'none' ? 'neutral' : (direction === 'up') !== riseIsBad ? 'good' : 'bad';
  const words = direction === 'up' ? 'up' : direction === 'down' ? 'down' : direction === 'flat' ? 'unchanged' : 'no previous value';
  return (
    <span className={`an-change an-change--${good}`} title={words}>
      {direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : ''}
      {text}
    </span>
  );
}

/** A table with its heading and its CSV export ('Export CSV', the same query as the page). */
export function TableCard({ title, csvUrl, children, note }: { title: string; csvUrl: string; children: ReactNode; note?: ReactNode }) {
  return (
    <section className="an-table-card" aria-label={title}>
      <header className="an-table-head">
        <h3>{title}</h3>
        <a className="ow-button an-csv" href={csvUrl} download={csvUrl.split('?')[0]!.split('/').pop()} aria-label={`Export ${title} as CSV`}>
          Export CSV
        </a>
      </header>
      {note && <p className="an-table-note">{note}</p>}
      <div className="ow-table-wrap an-table-wrap" tabIndex={0} role="region" aria-label={`${title} (scrolls sideways)`}>
        {children}
      </div>
    </section>
  );
}

export function ChartCard({ title, children, legend }: { title: string; children: ReactNode; legend?: ReactNode }) {
  return (
    <section className="an-chart-card" aria-label={title}>
      <h3>{title}</h3>
      {legend}
      {children}
    </section>
  );
}

export function EmptyReport({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="an-empty ow-panel-box" role="status">
      <h3>{title}</h3>
      {children && <p>{children}</p>}
    </div>
  );
}
