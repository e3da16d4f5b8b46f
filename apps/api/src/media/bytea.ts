import type { Database } from '@storefront/eventstore';

/**
 * How file bytes cross each driver. `pg` sends and receives bytea in its binary-safe form
 * natively (a Buffer either way). PGlite's JavaScript bytea serializer and parser are slow for
 * large values (measured here for 5 MB: 1.5 s to write and 0.5 s to read as bytea, 0.16 s and
 * 0.03 s as base64 text), so on PGlite the bytes travel as base64 and the database decodes and
 * encodes them.
 */
export function byteaParam(db: Database, placeholder: string): string {
  return db.driver === 'pglite' ? `decode(${placeholder}, 'base64')` : placeholder;
}

export function byteaValue(db: Database, bytes: Uint8Array): string | Buffer {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return db.driver === 'pglite' ? buffer.toString('base64') : buffer;
}

/** The column expression to select, named `alias`. */
export function byteaColumn(db: Database, column: string, alias = column): string {
  return db.driver === 'pglite' ? `encode(${column}, 'base64') AS ${alias}` : `${column} AS ${alias}`;
}

export function byteaResult(value: unknown): Buffer {
  if (typeof value === 'string') return Buffer.from(value, 'base64');
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError('expected bytea');
}
