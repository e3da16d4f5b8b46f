import type { Granularity } from '@storefront/domain/analytics/reports';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { period } from './analytics-format';
import {
  GRANULARITIES,
  GRANULARITY_LABELS,
  MAX_RANGE_DAYS,
  panelSearch,
  previousRange,
  RANGE_LABELS,
  RANGE_PRESETS,
  rangeProblem,
  type PanelState,
  type RangeChoice,
  type ResolvedRange,
} from './report-query';

/**
 * The period a report covers (presets, or custom dates checked before they are used), its
 * granularity and the comparison with the previous period. Every change goes to the address.
 */
export function RangePicker({ state, range }: { state: PanelState; range: ResolvedRange }) {
  const [, setParams] = useSearchParams();
  const id = useId();
  // flushSync: the controls are bound to the address, so it changes in the same event as the
  // click (in a transition the checkbox and radios would flip back until the navigation commits).
  const go = (next: PanelState) => setParams(panelSearch(next).slice(1), { flushSync: true });
  // The custom dates being typed, first the period shown.
  const shownFrom = range.ok ? range.from : state.from;
  const shownTo = range.ok ? range.to : state.to;
  const [editing, setEditing] = useState(state.range === 'custom');
  const [from, setFrom] = useState(shownFrom);
  const [to, setTo] = useState(shownTo);
  const [problem, setProblem] = useState<string | null>(range.ok ? null : range.problem);

  const choose = (choice: RangeChoice) => {
    if (choice === 'custom') {
      setEditing(true);
      setFrom(shownFrom);
      setTo(shownTo);
      setProblem(null);
      return;
    }
    setEditing(false);
    setProblem(null);
    go({ ...state, range: choice, from: '', to: '' });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(from, to);
    setProblem(why);
    if (!why) go({ ...state, range: 'custom', from, to });
  };

  const custom = editing || state.range === 'custom';
  const compareText = range.ok ? period(previousRange(range.from, range.to).from, previousRange(range.from, range.to).to) : null;
  const errorId = `${id}-problem`;
  return (
    <div className="an-picker ow-panel-box">
      <div className="an-picker-row">
        <div className="an-control">
          <label htmlFor={`${id}-range`} className="ow-label">
            Period
          </label>
          <select id={`${id}-range`} className="ow-input" value={custom ? 'custom' : state.range} onChange={(e) => choose(e.target.value as RangeChoice)}>
            {RANGE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {RANGE_LABELS[p]}
              </option>
            ))}
            <option value="custom">{RANGE_LABELS.custom}</option>
          </select>
        </div>
        <fieldset className="an-control an-segmented">
          <legend className="ow-label">Group by</legend>
          <div className="an-segments">
            {GRANULARITIES.map((g: Granularity) => (
              <label key={g} className={state.granularity === g ? 'an-segment an-segment--on' : 'an-segment'}>
                <input type="radio" name={`${id}-granularity`} value={g} checked={state.granularity === g} onChange={() => go({ ...state, granularity: g })} />
                {GRANULARITY_LABELS[g]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="an-control an-compare">
          <label className="ow-check">
            <input type="checkbox" checked={state.compare} onChange={(e) => go({ ...state, compare: e.target.checked })} />
            Compare with the previous period
          </label>
          {state.compare && compareText && <span className="ow-hint">Previous: {compareText}</span>}
        </div>
      </div>
      {custom && (
        <form className="an-custom" onSubmit={apply} noValidate aria-label="Custom dates">
          <div className="an-control">
            <label htmlFor={`${id}-from`} className="ow-label">
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className="ow-input"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? errorId : undefined}
            />
          </div>
          <div className="an-control">
            <label htmlFor={`${id}-to`} className="ow-label">
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className="ow-input"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problem ? errorId : undefined}
            />
          </div>
          <button type="submit" className="ow-button ow-primary">
            Apply
          </button>
          <p className="ow-hint an-custom-hint">Both days included, at most {MAX_RANGE_DAYS} days.</p>
          {problem && (
            <p id={errorId} className="ow-field-error an-custom-problem" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
