/** How both drivers spell values and names in SQL text (PGlite's literals, COPY's fields). */

/** A value's text as pg sends it: a Date as ISO text, an object as JSON, anything else as a string. */
export const valueText = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** An array as pg sends one: PostgreSQL's array literal (`{"a","b"}`, NULL for null), not JSON. */
export function arrayLiteral(values: readonly unknown[]): string {
  const element = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return arrayLiteral(v);
    return `"${valueText(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

/** A quoted SQL identifier. */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
