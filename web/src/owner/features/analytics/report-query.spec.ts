import {
  addDays,
  daysIncluded,
  panelSearch,
  parsePanelState,
  presetRange,
  previousRange,
  rangeProblem,
  reportCsvUrl,
  reportPath,
  resolveRange,
  todayIn,
} from './report-query';

describe('the Analytics panel’s period and query', () => {
  it('knows today in the website’s time zone, not the browser’s', () => {
    const now = new Date('2026-11-28T03:00:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-11-27');
    expect(todayIn('Asia/Tokyo', now)).toBe('2026-11-28');
    expect(todayIn('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('turns presets into dates ending today, both ends included', () => {
    expect(presetRange('last-7-days', '2026-11-27')).toEqual({ from: '2026-11-21', to: '2026-11-27' });
    expect(presetRange('last-30-days', '2026-11-27')).toEqual({ from: '2026-10-29', to: '2026-11-27' });
    expect(presetRange('last-90-days', '2026-03-01')).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(presetRange('this-month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(presetRange('this-month', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(daysIncluded('2026-10-29', '2026-11-27')).toBe(30);
  });

  it('counts calendar days across leap years and a daylight-saving change', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysIncluded('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('refuses a custom period in words: missing dates, not dates, reversed, longer than 366 days', () => {
    expect(rangeProblem('', '')).toBe('Choose a start date and an end date.');
    expect(rangeProblem('', '2026-11-01')).toBe('Choose a start date.');
    expect(rangeProblem('2026-11-01', '')).toBe('Choose an end date.');
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe('The start date is not a date (YYYY-MM-DD).');
    expect(rangeProblem('2026-01-01', '26-03-01')).toBe('The end date is not a date (YYYY-MM-DD).');
    expect(rangeProblem('2026-11-02', '2026-11-01')).toBe('The start date must be on or before the end date.');
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull(); // 366 days
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe('A period can be at most 366 days; this one is 367 days.');
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBeNull();
  });

  it('reads its state from the address, defaults for what is missing or unknown, and writes it back', () => {
    expect(parsePanelState(new URLSearchParams(''))).toEqual({ range: 'last-30-days', from: '', to: '', granularity: 'day', compare: false });
    const linked = parsePanelState(new URLSearchParams('range=custom&from=2026-10-01&to=2026-10-31&granularity=week&compare=1'));
    expect(linked).toEqual({ range: 'custom', from: '2026-10-01', to: '2026-10-31', granularity: 'week', compare: true });
    expect(panelSearch(linked)).toBe('?range=custom&from=2026-10-01&to=2026-10-31&granularity=week&compare=1');
    expect(parsePanelState(new URLSearchParams('range=forever&granularity=hour&compare=yes'))).toEqual({ range: 'last-30-days', from: '', to: '', granularity: 'day', compare: false });
    // Dates without a range are a custom period.
    expect(parsePanelState(new URLSearchParams('from=2026-10-01&to=2026-10-02')).range).toBe('custom');
    expect(panelSearch({ range: 'last-30-days', from: '', to: '', granularity: 'day', compare: false })).toBe('');
    expect(panelSearch({ range: 'this-month', from: '', to: '', granularity: 'month', compare: false })).toBe('?range=this-month&granularity=month');
  });

  it('resolves the state to dates, or to the reason it cannot', () => {
    expect(resolveRange(parsePanelState(new URLSearchParams('range=last-7-days')), '2026-11-27')).toEqual({ ok: true, from: '2026-11-21', to: '2026-11-27' });
    expect(resolveRange(parsePanelState(new URLSearchParams('range=custom&from=2026-11-05&to=2026-11-01')), '2026-11-27')).toEqual({
      ok: false, problem: 'The start date must be on or before the end date.',
    });
    expect(previousRange('2026-11-01', '2026-11-07')).toEqual({ from: '2026-10-25', to: '2026-10-31' });
  });

  it('builds the report API’s query and the CSV address from the same request', () => {
    const request = { from: '2026-11-01', to: '2026-11-07', granularity: 'week' as const, timeZone: 'America/New_York', compare: true };
    expect(reportPath('traffic', request)).toBe('config/analytics/traffic?from=2026-11-01&to=2026-11-07&granularity=week&timeZone=America%2FNew_York&compare=1');
    expect(reportCsvUrl('abandoned-carts', request)).toBe('/api/config/analytics/abandoned-carts.csv?from=2026-11-01&to=2026-11-07&granularity=week&timeZone=America%2FNew_York&compare=1');
    expect(reportPath('sales', { ...request, timeZone: undefined, compare: false, granularity: 'day' })).toBe('config/analytics/sales?from=2026-11-01&to=2026-11-07&granularity=day');
  });
});
