import { ITEM_VISIBILITY, type WorkflowState } from '@storefront/domain';

/** The columns holding a row's publish state and publish time (epoch ms), and the SQL of `now`. */
export type VisibilityColumns = { workflowState: string; publishOn: string };

function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function inStates(column: string, states: readonly WorkflowState[]): string {
  if (states.length === 0) return 'FALSE';
  if (states.length === 1) return `${column} = ${sqlString(states[0]!)}`;
  return `${column} IN (${states.map(sqlString).join(', ')})`;
}

/**
 * The SQL form of `isItemVisible`, built from the domain's one rule (`ITEM_VISIBILITY`,
 * domain/src/site/content-item.ts) over a row's columns, with `now` an SQL expression (a
 * parameter such as '$2'). For today's rule:
 * `(workflow_state = 'Published' OR (workflow_state = 'Scheduled' AND publish_on <= $2))`;
 * a NULL publish_on compares as unknown, so it is not visible, as in TypeScript.
 * item-visibility-sql.int.spec.ts checks both forms agree on PostgreSQL.
 */
export function itemVisibleSql(now: string, columns: VisibilityColumns = { workflowState: 'workflow_state', publishOn: 'publish_on' }): string {
  const { workflowState, publishOn } = columns;
  return `(${inStates(workflowState, ITEM_VISIBILITY.always)} OR (${inStates(workflowState, ITEM_VISIBILITY.onceDue)} AND ${publishOn} <= ${now}))`;
}

/** `itemVisibleSql` over a table alias's columns ('i.' → i.workflow_state, i.publish_on). */
export const itemVisibleSqlAt = (now: string, alias = ''): string =>
  itemVisibleSql(now, { workflowState: `${alias}workflow_state`, publishOn: `${alias}publish_on` });
