import { createTestDatabase, describeEachDriver, type TestDatabase } from '../../testing';
import { copyText } from './copy-text';

/** `copyRows`: COPY … FROM STDIN on a server, COPY … FROM '/dev/blob' on PGlite. */
describeEachDriver('copyRows', (driver) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
    await testDb.db.query(`CREATE TABLE copied (
      id integer PRIMARY KEY, t text, n bigint, f double precision, b boolean, at timestamptz, d date, j jsonb, a text[], "Odd ""name""" text)`);
  });
  afterAll(() => testDb.dispose());
  beforeEach(() => testDb.db.query('TRUNCATE copied'));

  const columns = ['id', 't', 'n', 'f', 'b', 'at', 'd', 'j', 'a', 'Odd "name"'];
  const awkward = ["it's", 'back\\slash \\N \\t', 'line\nbreak\ttab\rreturn', 'unicode: äöü – 漢字 – 🛒', '', 'NULL', '\\.'];

  it('store every value unchanged, however it is spelled', async () => {
    const at = new Date('2026-11-28T10:11:12.345Z');
    const rows: unknown[][] = awkward.map((t, i) => [i, t, 9_007_199_254_740_993n, -1.5e-7, i % 2 === 0, at, '2026-11-28', { t, nested: [1, null, '"'] }, [t, null, 'a,b'], t]);
    rows.push([99, null, null, null, null, null, null, null, null, null]);
    await testDb.db.transaction(async (tx) => expect(await tx.copyRows('copied', columns, rows)).toBe(rows.length));

    const { rows: stored } = await testDb.db.query<Record<string, unknown>>(`SELECT id, t, n::text AS n, f, b, at, d::text AS d, j, a, "Odd ""name""" AS odd FROM copied ORDER BY id`);
    expect(stored).toEqual([
      ...awkward.map((t, i) => ({ id: i, t, n: '9007199254740993', f: -1.5e-7, b: i % 2 === 0, at, d: '2026-11-28', j: { t, nested: [1, null, '"'] }, a: [t, null, 'a,b'], odd: t })),
      { id: 99, t: null, n: null, f: null, b: null, at: null, d: null, j: null, a: null, odd: null },
    ]);
  });

  it('fail on a violated constraint, leaving the transaction to roll back to a savepoint', async () => {
    await testDb.db.transaction(async (tx) => {
      await tx.copyRows('copied', ['id', 't'], [[1, 'kept']]);
      await tx.query('SAVEPOINT copy');
      await expect(tx.copyRows('copied', ['id', 't'], [[2, 'new'], [1, 'again']])).rejects.toMatchObject({ code: '23505' });
      await tx.query('ROLLBACK TO SAVEPOINT copy');
    });
    expect((await testDb.db.query('SELECT id, t FROM copied ORDER BY id')).rows).toEqual([{ id: 1, t: 'kept' }]);
  });

  it('copy nothing for no rows, and outside a transaction as its own', async () => {
    expect(await testDb.db.copyRows('copied', ['id'], [])).toBe(0);
    expect(await testDb.db.copyRows('copied', ['id', 't'], [[7, 'x\ty']])).toBe(1);
    expect((await testDb.db.query('SELECT id, t FROM copied')).rows).toEqual([{ id: 7, t: 'x\ty' }]);
  });
});

describe('copyText', () => {
  it('escape the characters COPY treats specially and spell NULL as \\N', () => {
    expect(copyText([['a\\b', 'c\td', 'e\nf', 'g\rh', null, undefined, true, false, 3, Number.NaN, { k: 'v\n' }, ['x', null]]]))
      .toBe('a\\\\b\tc\\td\te\\nf\tg\\rh\t\\N\t\\N\tt\tf\t3\tNaN\t{"k":"v\\\\n"}\t{"x",NULL}\n');
  });
});
