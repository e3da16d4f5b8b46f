/** Quotes a PostgreSQL identifier (table, view or column name) for interpolation into SQL text. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
