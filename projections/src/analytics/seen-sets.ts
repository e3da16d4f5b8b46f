import type { SqlExecutor } from '@storefront/eventstore';
import type { Row } from '../runner/sql-batch';
import { quoteIdent } from '../runner/sql-identifier';
import { copyUnlessRepeated, insertNew } from './rollup-writes';

/** A day's members are remembered up to this many per seen table; a busier day goes to the database each batch. */
export const SEEN_MEMBERS_PER_DAY = 100_000;
/** The latest this many days of each seen table are remembered. */
export const SEEN_DAYS_REMEMBERED = 3;

/** Per day: its members as stored (joined key columns), or null for a day with too many to remember. */
type Remembered = Map<string, Set<string> | null>;

const SEPARATOR = '\u0000'; // never in a PostgreSQL text value

/**
 * Adds a batch's pairs to a seen set (a table keyed by `columns`: `day` then the member's columns;
 * pairs distinct) and answers the pairs that were new (their `columns`): those bump the distinct
 * counters.
 *
 * The members of the latest days are remembered between batches (`ProjectionContext.memory`: the
 * runner drops it unless batches follow on from one committed to the next), so a batch needs no
 * `insert … on conflict do nothing returning` probe: the new pairs are known in memory and go in
 * by COPY, several times cheaper. A day not remembered yet is read once (the index on the key's
 * `day` prefix; an empty day while catching up). Should a pair copied turn out stored after all
 * (not expected: only this projection writes the table, under its lock), the copy is rolled back
 * to its savepoint, the memory forgotten, and the batch's pairs go through `insertNew`, which
 * skips stored pairs. Days with more than SEEN_MEMBERS_PER_DAY members are not remembered (the
 * memory stays bounded on a busy store) and always go through `insertNew`.
 */
export async function addToSeenSet(tx: SqlExecutor, memory: Map<string, unknown>, table: string, columns: string[], rows: Row[]): Promise<Row[]> {
  if (rows.length === 0) return [];
  const memoryKey = `seen set ${table}`;
  let remembered = memory.get(memoryKey) as Remembered | undefined;
  if (!remembered) memory.set(memoryKey, (remembered = new Map()));
  const memberColumns = columns.slice(1);

  const fresh: Row[] = [];
  const learned: { members: Set<string>; member: string }[] = [];
  const unremembered: Row[] = [];
  for (const row of rows) {
    const day = row.day as string;
    let members = remembered.get(day);
    if (members === undefined) remembered.set(day, (members = await storedMembers(tx, table, memberColumns, day)));
    if (members === null) {
      unremembered.push(row);
      continue;
    }
    const member = memberKey(row, memberColumns);
    if (members.has(member)) continue;
    fresh.push(row);
    learned.push({ members, member });
  }

  const added: Row[] = [];
  if (fresh.length > 0) {
    if (await copyUnlessRepeated(tx, table, columns, fresh.map((r) => columns.map((c) => r[c])))) {
      added.push(...fresh);
      for (const { members, member } of learned) members.add(member);
    } else {
      memory.delete(memoryKey);
      remembered = undefined;
      unremembered.push(...fresh);
    }
  }
  if (unremembered.length > 0) added.push(...(await insertNew(tx, table, unremembered, columns, columns)));
  if (remembered) forgetBeyondLimits(remembered);
  return added;
}

function memberKey(row: Row, memberColumns: string[]): string {
  let key = String(row[memberColumns[0]]);
  for (let i = 1; i < memberColumns.length; i++) key += SEPARATOR + String(row[memberColumns[i]]);
  return key;
}

/** The members of `day` as stored, or null when there are more than SEEN_MEMBERS_PER_DAY. */
async function storedMembers(tx: SqlExecutor, table: string, memberColumns: string[], day: string): Promise<Set<string> | null> {
  const { rows } = await tx.query<Row>(
    `select ${memberColumns.map((c) => `${quoteIdent(c)}::text as ${quoteIdent(c)}`).join(', ')}
     from ${quoteIdent(table)} where day = $1::date limit ${SEEN_MEMBERS_PER_DAY + 1}`,
    [day],
  );
  return rows.length > SEEN_MEMBERS_PER_DAY ? null : new Set(rows.map((r) => memberKey(r, memberColumns)));
}

function forgetBeyondLimits(remembered: Remembered): void {
  for (const [day, members] of remembered) if (members !== null && members.size > SEEN_MEMBERS_PER_DAY) remembered.set(day, null);
  if (remembered.size <= SEEN_DAYS_REMEMBERED) return;
  const days = [...remembered.keys()].sort();
  for (const day of days.slice(0, days.length - SEEN_DAYS_REMEMBERED)) remembered.delete(day);
}
