import {
  buildHistory, checkRestorableVersion, diffSnapshots, differingFields, plainField, richTextField, sequenceField, shown, stateAtVersion, textField,
  timeField, type HistoryEventInput, type HistoryModel,
} from './history';

const OWNER = { kind: 'owner' as const, id: 'o1', email: 'owner@example.com' };

describe('readable diffs of two snapshots', () => {
  it('shows each changed field as before → after, in the newer order, then the fields that went', () => {
    const before = [plainField('title', 'Title', 'About'), plainField('published', 'Shown', true), plainField('gone', 'Gone', 'x')];
    const after = [plainField('title', 'Title', 'About us'), plainField('published', 'Shown', false), plainField('new', 'New', 'y')];
    expect(diffSnapshots(before, after)).toEqual([
      { key: 'title', field: 'Title', change: 'changed', before: 'About', after: 'About us' },
      { key: 'published', field: 'Shown', change: 'changed', before: 'Yes', after: 'No' },
      { key: 'new', field: 'New', change: 'added', before: null, after: 'y' },
      { key: 'gone', field: 'Gone', change: 'removed', before: 'x', after: null },
    ]);
  });

  it('leaves out unchanged fields, and empty fields that come or go', () => {
    expect(diffSnapshots([plainField('a', 'A', 'same'), plainField('b', 'B', '')], [plainField('a', 'A', 'same'), plainField('c', 'C', null)])).toEqual([]);
  });

  it('says a field was emptied or filled rather than changed', () => {
    expect(diffSnapshots([plainField('t', 'T', '')], [plainField('t', 'T', 'x')])[0]).toMatchObject({ change: 'added', before: null, after: 'x' });
    expect(diffSnapshots([plainField('t', 'T', 'x')], [plainField('t', 'T', null)])[0]).toMatchObject({ change: 'removed', before: 'x', after: null });
  });

  it('compares values, not what is shown', () => {
    const a = plainField('images', 'Images', ['i1', 'i2'], '2');
    const b = plainField('images', 'Images', ['i2', 'i1'], '2');
    expect(diffSnapshots([a], [b])).toEqual([{ key: 'images', field: 'Images', change: 'changed', before: '2', after: '2' }]);
  });

  it('shows long and rich text as excerpts around the first change, with the lengths', () => {
    const lead = 'Our studio makes every mug by hand in small batches, fired twice ';
    const a = `${lead}in a wood kiln. Each one is a little different.`;
    const b = `${lead}in an electric kiln. Each one is a little different.`;
    const [change] = diffSnapshots([textField('t', 'Text', a)], [textField('t', 'Text', b)]);
    expect(change).toMatchObject({ change: 'changed', summary: `${a.length} → ${b.length} characters` });
    expect(change!.before!.startsWith('…')).toBe(true);
    expect(change!.before).toContain('a wood kiln');
    expect(change!.after).toContain('an electric kiln');
    const [rich] = diffSnapshots([richTextField('d', 'Description', '<p>Hello <b>there</b></p>')], [richTextField('d', 'Description', '<p>Hello <i>there</i></p>')]);
    // The html changed, the text did not: the change is listed with the same text on both sides.
    expect(rich).toMatchObject({ change: 'changed', before: 'Hello there', after: 'Hello there', summary: '11 → 11 characters' });
  });

  it('cuts short values at 80 characters', () => {
    expect(shown('x'.repeat(100))).toBe(`${'x'.repeat(80)}…`);
    expect(shown(['a', 'b'])).toBe('a, b');
    expect(shown([])).toBeNull();
    expect(shown(0)).toBe('0');
  });

  it('counts an order as changed only when the entries both sides have moved', () => {
    const order = (ids: string[]) => sequenceField('order', 'Order', ids, ids.join(','));
    expect(diffSnapshots([order(['a', 'b'])], [order(['a', 'b', 'c'])])).toEqual([]);
    expect(diffSnapshots([order(['a', 'b', 'c'])], [order(['a', 'c'])])).toEqual([]);
    expect(diffSnapshots([order(['a', 'b'])], [order(['b', 'a', 'c'])])).toEqual([{ key: 'order', field: 'Order', change: 'changed', before: 'a,b', after: 'b,a,c' }]);
  });

  it('reads a field replaced in its slot (a block saved again under a new id) as one change', () => {
    const block = (key: string, text: string, slot: string) => ({ ...plainField(key, 'Block 1 (quote)', text), slot });
    expect(diffSnapshots([block('layout.b1', 'Old words', 'layout.0.31')], [block('layout.b9', 'New words', 'layout.0.31')])).toEqual([
      { key: 'layout.b9', field: 'Block 1 (quote)', change: 'changed', before: 'Old words', after: 'New words' },
    ]);
    expect(diffSnapshots([block('layout.b1', 'Same', 'layout.0.31')], [block('layout.b9', 'Same', 'layout.0.31')])).toEqual([]);
    expect(diffSnapshots([block('layout.b1', 'Quote', 'layout.0.31')], [block('layout.b9', 'Html', 'layout.0.2')])).toMatchObject([{ change: 'added' }, { change: 'removed' }]);
  });

  it('shows times in ISO form (UTC)', () => {
    expect(timeField('start', 'Starts', Date.UTC(2026, 0, 2, 3, 4)).display).toBe('2026-01-02T03:04:00.000Z');
    expect(timeField('start', 'Starts', null).display).toBeNull();
  });
});

/** A tiny aggregate: a named counter that can be removed. */
type Counter = { status: 'none' } | { status: 'live'; name: string; total: number } | { status: 'gone' };
type CounterEvent = { type: 'Named'; data: { name: string } } | { type: 'Added'; data: { by: number; restoredVersion?: number } } | { type: 'Removed'; data: Record<string, never> };
const counter: HistoryModel<Counter, CounterEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (s, e) => {
    if (e.type === 'Named') return { status: 'live', name: e.data.name, total: s.status === 'live' ? s.total : 0 };
    if (s.status !== 'live') return s;
    return e.type === 'Added' ? { ...s, total: s.total + e.data.by } : { status: 'gone' };
  },
  snapshot: (s) => (s.status === 'live' ? [plainField('name', 'Name', s.name), plainField('total', 'Total', s.total)] : []),
};
const at = (version: number, type: CounterEvent['type'], data: object, actor: HistoryEventInput['actor'] = OWNER): HistoryEventInput => ({
  type, data, version, recordedAt: `2026-01-01T00:00:0${version}.000Z`, actor,
});

describe('an aggregate history', () => {
  const events = [at(1, 'Named', { name: 'Mugs' }), at(2, 'Added', { by: 2 }, { kind: 'system', id: 'seed' }), at(3, 'Added', { by: 0 }), at(4, 'Added', { by: -2, restoredVersion: 1 }), at(5, 'Removed', {})];

  it('lists every event with who, when, its version and the fields it changed', () => {
    const history = buildHistory(counter, events);
    expect(history.map((e) => [e.version, e.type, e.at, e.actor, e.restoredVersion, e.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`)])).toEqual([
      [1, 'Named', '2026-01-01T00:00:01.000Z', { kind: 'owner', id: 'o1', email: 'owner@example.com' }, null, ['Name: null → Mugs', 'Total: null → 0']],
      [2, 'Added', '2026-01-01T00:00:02.000Z', { kind: 'system', id: 'seed', email: null }, null, ['Total: 0 → 2']],
      [3, 'Added', '2026-01-01T00:00:03.000Z', OWNER, null, []],
      [4, 'Added', '2026-01-01T00:00:04.000Z', OWNER, 1, ['Total: 2 → 0']],
      // Gone: said by the event, not by every field removed.
      [5, 'Removed', '2026-01-01T00:00:05.000Z', OWNER, null, []],
    ]);
    // Event types without a label are shown by name.
    expect(history[0]!.label).toBe('Named');
  });

  it('folds the state at any version', () => {
    expect(stateAtVersion(counter, events, 2)).toEqual({ status: 'live', name: 'Mugs', total: 2 });
    expect(stateAtVersion(counter, events, 0)).toEqual({ status: 'none' });
  });

  it('restores only versions that exist', () => {
    expect(checkRestorableVersion(1, 5)).toBeNull();
    expect(checkRestorableVersion(5, 5)).toBeNull();
    for (const bad of [0, 6, 1.5, -1, Number.NaN]) {
      expect(checkRestorableVersion(bad, 5)).toMatchObject({ code: 'VERSION_NOT_FOUND', message: `There is no version ${bad} of this to restore.` });
    }
  });

  it('restores the fields that differ, never ones the older version lacks', () => {
    type T = { a: number; b: string[]; c?: string };
    expect(differingFields<T, keyof T>({ a: 1, b: ['x'], c: 'now' }, { a: 2, b: ['x'] }, ['a', 'b', 'c'])).toEqual({ a: 2 });
  });
});
