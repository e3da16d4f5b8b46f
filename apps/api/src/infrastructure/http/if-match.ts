import { domainError } from '@storefront/domain';
import { DomainException } from './domain-exception';
import { headerOf, type AppRequest } from './request-context';

/**
 * Concurrent editing (issue 12): an owner's save says which version of the page, item, product,
 * layout or settings it was based on in `If-Match`, the `version` (and `ETag`) its read returned:
 * `If-Match: "7"` (also `7` or `W/"7"`). The save is refused with 409 EDIT_CONFLICT when the
 * aggregate has moved on since, so two editors never silently overwrite each other. Without the
 * header (or with `*`) a save is not checked, as before.
 */
export function basedOnVersion(req: AppRequest): number | undefined {
  const raw = headerOf(req, 'if-match');
  if (raw === undefined) return undefined;
  const value = raw.trim();
  if (value === '*' || value === '') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match) {
    throw new DomainException(domainError('INVALID_REQUEST', { field: 'If-Match' }, 'If-Match must be the version a read returned, e.g. "7".'));
  }
  return Number(match[1]);
}

/** The ETag of a version: what a save sends back in If-Match. */
export function versionEtag(version: number): string {
  return `"${version}"`;
}
