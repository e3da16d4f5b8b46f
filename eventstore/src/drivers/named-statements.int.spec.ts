import { createTestDatabase, describeEachDriver, type TestDatabase } from '../../testing';

/** Named (prepared) statements: on a server through node-postgres, on PGlite through PREPARE/EXECUTE. */
describeEachDriver('named statements', (driver) => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(driver);
  });
  afterAll(() => testDb.dispose());

  const awkward = [
    "it's",
    "'); DROP TABLE events; --",
    'back\\slash \\\' and $$dollar$$ quoting',
    'unicode: äöü – 漢字 – 🛒',
    '',
    'line\nbreak\ttab',
  ];

  it('send every value back unchanged, however it is quoted', async () => {
    for (const text of awkward) {
      const { rows } = await testDb.db.query<{ t: string; n: number; b: boolean; j: unknown; nothing: null }>(
        'SELECT $1::text AS t, $2::integer AS n, $3::boolean AS b, $4::jsonb AS j, $5::text AS nothing',
        [text, -42, true, JSON.stringify({ text, nested: [1, null, "'"] }), null],
        { name: 'round_trip' },
      );
      expect(rows[0]).toEqual({ t: text, n: -42, b: true, j: { text, nested: [1, null, "'"] }, nothing: null });
    }
    expect((await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n).toBe(0);
  });

  it('send an array as an array (as pg does), its elements unchanged however they are quoted', async () => {
    const values = [...awkward, 'a,b', '{braces}', '"quoted"', 'NULL'];
    const { rows } = await testDb.db.query<{ texts: (string | null)[]; n: number; matched: boolean }>(
      'SELECT $1::text[] AS texts, cardinality($1::text[]) AS n, $2::text = ANY ($1::text[]) AS matched',
      [[...values, null], 'a,b'],
      { name: 'array_round_trip' },
    );
    expect(rows[0]).toEqual({ texts: [...values, null], n: values.length + 1, matched: true });
  });

  it('refuse a name already used for other SQL', async () => {
    await testDb.db.query('SELECT $1::int AS v', [1], { name: 'taken' });
    if (driver === 'pglite') await expect(testDb.db.query('SELECT $1::int + 1 AS v', [1], { name: 'taken' })).rejects.toThrow(/already used/);
    else await expect(testDb.db.query('SELECT $1::int + 1 AS v', [1], { name: 'taken' })).rejects.toThrow();
  });

  it('a statement that failed to prepare is prepared again next time', async () => {
    const sql = 'SELECT count(*)::int AS n FROM later_table WHERE id = $1';
    await expect(testDb.db.query(sql, [1], { name: 'later' })).rejects.toThrow(/later_table/);
    await testDb.db.query('CREATE TABLE later_table (id int)');
    expect((await testDb.db.query<{ n: number }>(sql, [1], { name: 'later' })).rows).toEqual([{ n: 0 }]);
  });
});
