import { createTestDatabase, describeEachDriver, type TestDatabase } from '@storefront/eventstore/testing';
import type { Row } from '../runner/sql-batch';
import { addToSeenSet, SEEN_DAYS_REMEMBERED, SEEN_MEMBERS_PER_DAY } from './seen-sets';

const TABLE = 'seen_page_visitors';
const COLUMNS = ['day', 'path', 'visitor_id'];
const pair = (day: string, path: string, visitor_id: string): Row => ({ day, path, visitor_id });

describeEachDriver('seen sets: new pairs known from the remembered days, copied in', (driver) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(driver);
    await test.db.query(`create table ${TABLE} (day date not null, path text not null, visitor_id text not null, primary key (day, path, visitor_id))`);
  });
  afterEach(async () => {
    await test?.dispose();
  });

  const add = (memory: Map<string, unknown>, rows: Row[]) => test.db.transaction((tx) => addToSeenSet(tx, memory, TABLE, COLUMNS, rows));
  const stored = async () =>
    (await test.db.query<{ p: string }>(`select to_char(day, 'YYYY-MM-DD') || ' ' || path || ' ' || visitor_id as p from ${TABLE} order by 1`)).rows.map((r) => r.p);
  const remembered = (memory: Map<string, unknown>) => memory.get(`seen set ${TABLE}`) as Map<string, Set<string> | null> | undefined;

  it('answers only the pairs not stored before, batch after batch, whether stored earlier or remembered', async () => {
    // Stored before this memory existed (another process, an earlier run): read once with its day.
    await test.db.query(`insert into ${TABLE} values ('2026-11-20', '/', 'A')`);
    const memory = new Map<string, unknown>();
    const first = await add(memory, [pair('2026-11-20', '/', 'A'), pair('2026-11-20', '/', 'B'), pair('2026-11-20', '/x', 'A'), pair('2026-11-21', '/', 'A')]);
    expect(first.map((r) => `${String(r.day)} ${String(r.path)} ${String(r.visitor_id)}`)).toEqual(['2026-11-20 / B', '2026-11-20 /x A', '2026-11-21 / A']);
    const second = await add(memory, [pair('2026-11-20', '/', 'B'), pair('2026-11-20', '/', 'C'), pair('2026-11-21', '/', 'A')]);
    expect(second).toEqual([pair('2026-11-20', '/', 'C')]);
    expect(await stored()).toEqual(['2026-11-20 / A', '2026-11-20 / B', '2026-11-20 / C', '2026-11-20 /x A', '2026-11-21 / A']);
    // A separator inside a value does not make two pairs one.
    expect(await add(memory, [pair('2026-11-21', '/a', 'b c'), pair('2026-11-21', '/a b', 'c')])).toHaveLength(2);
  });

  it('a remembered day that is wrong (a pair stored behind its back) costs the copy, not the count: the pairs go in again skipping stored ones, and the memory is dropped', async () => {
    const memory = new Map<string, unknown>();
    await add(memory, [pair('2026-11-20', '/', 'A')]);
    await test.db.query(`insert into ${TABLE} values ('2026-11-20', '/', 'B')`);
    const added = await add(memory, [pair('2026-11-20', '/', 'B'), pair('2026-11-20', '/', 'C')]);
    expect(added.map((r) => String(r.visitor_id))).toEqual(['C']);
    expect(remembered(memory)).toBeUndefined();
    expect(await stored()).toEqual(['2026-11-20 / A', '2026-11-20 / B', '2026-11-20 / C']);
    // The next batch reads the day again and is right.
    expect(await add(memory, [pair('2026-11-20', '/', 'B'), pair('2026-11-20', '/', 'D')])).toEqual([pair('2026-11-20', '/', 'D')]);
  });

  it(`remembers the latest ${SEEN_DAYS_REMEMBERED} days only, and not a day of more than ${SEEN_MEMBERS_PER_DAY} members (its pairs go to the database each batch)`, async () => {
    const memory = new Map<string, unknown>();
    await add(memory, ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'].map((day) => pair(day, '/', 'A')));
    expect([...remembered(memory)!.keys()].sort()).toEqual(['2026-11-22', '2026-11-23', '2026-11-24']);
    // A forgotten day is read again when it comes back (a late hit).
    expect(await add(memory, [pair('2026-11-20', '/', 'A'), pair('2026-11-20', '/', 'B')])).toEqual([pair('2026-11-20', '/', 'B')]);

    await test.db.query(`insert into ${TABLE} select '2026-11-25', '/', g::text from generate_series(1, ${SEEN_MEMBERS_PER_DAY + 1}) g`);
    const added = await add(memory, [pair('2026-11-25', '/', '1'), pair('2026-11-25', '/', 'new')]);
    expect(added.map((r) => `${String(r.day)} ${String(r.visitor_id)}`)).toEqual(['2026-11-25 new']);
    expect(remembered(memory)!.get('2026-11-25')).toBeNull();
    expect(await add(memory, [pair('2026-11-25', '/', 'new'), pair('2026-11-25', '/', 'newer')])).toHaveLength(1);
  });
});
