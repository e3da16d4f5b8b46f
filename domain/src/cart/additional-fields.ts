import type { DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';

/** Form answers attached to an entry (the product's additional-fields form), as JSON text, at most this long. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 10_000;

/** `additionalFields` is a JSON object or null/absent (null); anything else is refused. */
export function parseAdditionalFields(raw: unknown): { ok: true; fields: Record<string, unknown> | null } | { ok: false; error: DomainError } {
  if (raw === undefined || raw === null) return { ok: true, fields: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, error: domainError('INVALID_REQUEST', { field: 'additionalFields' }, 'additionalFields must be an object.') };
  }
  if (JSON.stringify(raw).length > MAX_ADDITIONAL_FIELDS_LENGTH) {
    return {
      ok: false,
      error: domainError('INVALID_REQUEST', { field: 'additionalFields' }, `additionalFields must be at most ${MAX_ADDITIONAL_FIELDS_LENGTH} characters of JSON.`),
    };
  }
  const fields = raw as Record<string, unknown>;
  return { ok: true, fields: Object.keys(fields).length > 0 ? fields : null };
}
