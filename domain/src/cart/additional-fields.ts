import { errorOf } from '../shared/error-catalogue';
import type { Parsed } from '../shared/requests';

/** Form answers attached to an entry (the product's additional-fields form), as JSON text, at most this long. */
export const MAX_ADDITIONAL_FIELDS_LENGTH = 10_000;

/** An entry's form answers: an object with at least one member, or null for none. */
export type AdditionalFields = Record<string, unknown> | null;

/** `additionalFields` is a JSON object or null/absent (null, as is `{}`); anything else is refused. */
export function parseAdditionalFields(raw: unknown): Parsed<AdditionalFields> {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, error: errorOf('INVALID_REQUEST', 'additionalFields must be an object.', { field: 'additionalFields' }) };
  }
  if (JSON.stringify(raw).length > MAX_ADDITIONAL_FIELDS_LENGTH) {
    return {
      ok: false,
      error: errorOf('INVALID_REQUEST', `additionalFields must be at most ${MAX_ADDITIONAL_FIELDS_LENGTH} characters of JSON.`, { field: 'additionalFields' }),
    };
  }
  const fields = raw as Record<string, unknown>;
  return { ok: true, value: Object.keys(fields).length > 0 ? fields : null };
}
