import type { SqlExecutor } from '@storefront/eventstore';
import type { Projection, ReadModelTable } from './projection';
import { quoteIdent } from './sql-identifier';

/**
 * Physical tables of a projection's read models. Generation `g` of read model `cart_details` is
 * the table `cart_details__g<g>`; readers query the view `cart_details`, which selects from the
 * active generation. Verify builds into throw-away tables `<name>__scratch_<tag>`.
 */
export function generationTable(table: string, generation: number): string {
  return `${table}__g${generation}`;
}

export function scratchTable(table: string, tag: string): string {
  return `${table}__scratch_${tag}`;
}

/** Resolver handed to `ProjectionContext.table` for a set of physical names. */
export function tableResolver(projection: Projection, physical: (table: ReadModelTable) => string): (name: string) => string {
  const byName = new Map(projection.tables.map((t) => [t.name, physical(t)]));
  return (name) => {
    const found = byName.get(name);
    if (found === undefined) throw new Error(`Projection ${projection.name} has no read-model table ${name}`);
    return found;
  };
}

export async function createTables(tx: SqlExecutor, projection: Projection, physical: (table: ReadModelTable) => string): Promise<void> {
  for (const table of projection.tables) {
    await tx.query(`create table if not exists ${quoteIdent(physical(table))} (${table.columns})${table.partitionBy ? ` partition by ${table.partitionBy}` : ''}`);
  }
}

export async function dropTables(tx: SqlExecutor, projection: Projection, physical: (table: ReadModelTable) => string): Promise<void> {
  for (const table of projection.tables) {
    await tx.query(`drop table if exists ${quoteIdent(physical(table))}`);
  }
}

/**
 * Points each read model's view at a generation. When the new generation has the view's columns,
 * CREATE OR REPLACE (views built on the read model, such as the analysts' `analytics.*` views,
 * stay); when it changes them, drop (CASCADE: dependent views go, and their owner recreates them)
 * and create, since CREATE OR REPLACE VIEW cannot drop or rename columns.
 */
export async function pointViews(tx: SqlExecutor, projection: Projection, generation: number): Promise<void> {
  for (const table of projection.tables) {
    const physical = generationTable(table.name, generation);
    const select = `select * from ${quoteIdent(physical)}`;
    if (await sameColumns(tx, table.name, physical)) {
      await tx.query(`create or replace view ${quoteIdent(table.name)} as ${select}`);
    } else {
      await tx.query(`drop view if exists ${quoteIdent(table.name)} cascade`);
      await tx.query(`create view ${quoteIdent(table.name)} as ${select}`);
    }
  }
}

async function sameColumns(tx: SqlExecutor, view: string, table: string): Promise<boolean> {
  const columns = async (name: string) => {
    const { rows } = await tx.query<{ c: string | null }>(
      `select string_agg(attname || ' ' || format_type(atttypid, atttypmod), ', ' order by attnum) as c
       from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped`,
      [quoteIdent(name)],
    );
    return rows[0]?.c ?? null;
  };
  const current = await columns(view);
  return current !== null && current === (await columns(table));
}

/** Creates the views that do not exist yet (leaves existing ones alone, so readers never see a gap). */
export async function ensureViews(tx: SqlExecutor, projection: Projection, generation: number): Promise<void> {
  for (const table of projection.tables) {
    const { rows } = await tx.query<{ exists: boolean }>(`select to_regclass($1) is not null as exists`, [quoteIdent(table.name)]);
    if (!rows[0]?.exists) {
      await tx.query(`create view ${quoteIdent(table.name)} as select * from ${quoteIdent(generationTable(table.name, generation))}`);
    }
  }
}
