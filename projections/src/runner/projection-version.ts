import { createHash } from 'node:crypto';
import type { Projection } from './projection';

/**
 * The version recorded with a generation: the projection's declared `version` and a fingerprint
 * of its tables (names, columns, order), e.g. `3:5f1c2a9b0d1e`. A bumped version or changed
 * columns make it differ from the active generation's, and the runner rebuilds blue/green on
 * start; whitespace in the column definitions does not count.
 */
export function projectionVersion(p: Projection): string {
  const tables = p.tables.map((t) => ({ name: t.name, columns: t.columns.replace(/\s+/g, ' ').trim(), orderBy: t.orderBy, ...(t.partitionBy ? { partitionBy: t.partitionBy } : {}) }));
  const fingerprint = createHash('sha256').update(JSON.stringify(tables)).digest('hex').slice(0, 12);
  return `${p.version ?? 1}:${fingerprint}`;
}
