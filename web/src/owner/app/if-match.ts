/**
 * Concurrent editing (issue 12, docs/HISTORY.md 'Versions and concurrent editing'): every owner
 * read answers the `version` of what it read (a stream position), and a save sends the version its
 * editor was based on in `If-Match`, so a save based on something someone else has changed since is
 * refused (409 EDIT_CONFLICT) instead of overwriting their change.
 */

/** The headers of a save based on `version`; none when the editor knows no version (then the save is not checked). */
export function basedOn(version: number | null | undefined): Record<string, string> {
  return typeof version === 'number' ? { 'If-Match': `"${version}"` } : {};
}

/** The `version` an answer carries (beside what it read), or null when it has none. */
export function versionOf(body: unknown): number | null {
  const version = (body as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' ? version : null;
}
