import { arrayLiteral, quoteIdent, valueText } from './value-text';

/**
 * COPY's text format (one row a line, columns split by tabs, `\N` for NULL), as both drivers
 * send it for `SqlExecutor.copyRows`. Values are written as pg writes parameters: a Date as ISO
 * text, an array as PostgreSQL's array literal, another object as JSON, a boolean as t / f.
 */

/** The COPY statement that reads `columns` of `table` from the client in text format. */
export function copyStatement(table: string, columns: readonly string[], source: 'STDIN' | `'/dev/blob'`): string {
  if (columns.length === 0) throw new Error('COPY needs at least one column');
  return `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source}`;
}

/** The rows as COPY text: each row's values in the statement's column order. */
export function copyText(rows: readonly (readonly unknown[])[]): string {
  let text = '';
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) text += (i === 0 ? '' : '\t') + field(row[i]);
    text += '\n';
  }
  return text;
}

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  switch (typeof value) {
    case 'string':
      return escape(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
    case 'bigint':
      return String(value); // NaN / Infinity / -Infinity are float8's own spellings
    default:
      return escape(Array.isArray(value) ? arrayLiteral(value) : valueText(value));
  }
}

const escape = (text: string): string => (SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : text);
