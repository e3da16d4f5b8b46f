import { isItemVisible, WORKFLOW_STATES, type WorkflowState } from '@storefront/domain';
import { createTestDatabase, testDrivers, type TestDatabase } from '@storefront/eventstore/testing';
import { itemVisibleSql, itemVisibleSqlAt } from './item-visibility-sql';

const NOW = 1_800_000_000_000;
const PUBLISH_TIMES: (number | null)[] = [null, 0, NOW - 1, NOW, NOW + 1, Number.MAX_SAFE_INTEGER];
const CASES: { workflowState: WorkflowState; publishOn: number | null }[] = WORKFLOW_STATES.flatMap((workflowState) =>
  PUBLISH_TIMES.map((publishOn) => ({ workflowState, publishOn })),
);

describe('itemVisibleSql', () => {
  it('is the predicate the read models ran before it was derived from the rule', () => {
    expect(itemVisibleSqlAt('$3')).toBe(`(workflow_state = 'Published' OR (workflow_state = 'Scheduled' AND publish_on <= $3))`);
    expect(itemVisibleSqlAt('$1', 'i.')).toBe(`(i.workflow_state = 'Published' OR (i.workflow_state = 'Scheduled' AND i.publish_on <= $1))`);
  });

  describe.each(testDrivers())('agrees with isItemVisible on %s', (driver) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(driver, { migrate: false });
      // The column types of site_items and site_search (projections/src/site/site-tables.ts).
      await database.db.query('CREATE TABLE visibility_cases (id integer primary key, workflow_state text, publish_on bigint)');
      for (const [id, c] of CASES.entries()) {
        await database.db.query('INSERT INTO visibility_cases VALUES ($1, $2, $3)', [id, c.workflowState, c.publishOn]);
      }
    });
    afterAll(() => database?.dispose());

    it.each([0, NOW - 1, NOW, NOW + 1])('at now = %p', async (now) => {
      const { rows } = await database.db.query<{ id: number }>(
        `SELECT id FROM visibility_cases WHERE ${itemVisibleSql('$1')} ORDER BY id`,
        [now],
      );
      const expected = CASES.flatMap((c, id) => (isItemVisible(c, now) ? [id] : []));
      expect(rows.map((r) => r.id)).toEqual(expected);
      // Not vacuous: some cases are in, some are out.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(CASES.length);
    });
  });
});
