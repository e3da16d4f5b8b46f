/**
 * Both drivers return the same JavaScript types for the same SQL, so code written against
 * `Database` behaves identically on PGlite and on a PostgreSQL server:
 *
 * | SQL type              | JavaScript                                        |
 * |-----------------------|---------------------------------------------------|
 * | int2, int4, int8      | number (int8 above 2^53 throws rather than rounds) |
 * | numeric               | string (exact)                                    |
 * | xid8                  | string (decimal)                                  |
 * | json, jsonb           | parsed value                                      |
 * | timestamptz           | Date                                              |
 * | date                  | string 'YYYY-MM-DD' (no time zone surprises)      |
 *
 * PGlite already parses int8 to number and pg already parses timestamptz/json; the table
 * lists the overrides each driver installs.
 */
export const OID = { INT8: 20, DATE: 1082, XID8: 5069 } as const;

export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} does not fit a JavaScript number`);
  return n;
}

export const parseDate = (value: string): string => value;
