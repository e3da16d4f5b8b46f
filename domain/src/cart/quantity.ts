import { domainError } from '../shared/error-catalogue';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

/** SPEC 5: quantity input is a whole number from 1 to 9999. Accepts numbers and numeric strings. */
export function parseQuantity(raw: unknown): { ok: true; quantity: number } | { ok: false; error: ReturnType<typeof domainError> } {
  if (raw === undefined || raw === null || raw === '' || typeof raw === 'boolean') {
    return { ok: false, error: domainError('QUANTITY_NOT_A_NUMBER') };
  }
  const value = typeof raw === 'string' ? Number(raw.trim()) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, error: domainError('QUANTITY_NOT_A_NUMBER') };
  if (!Number.isInteger(value)) return { ok: false, error: domainError('QUANTITY_NOT_WHOLE') };
  if (value < MIN_QUANTITY || value > MAX_QUANTITY) {
    return { ok: false, error: domainError('QUANTITY_OUT_OF_RANGE', { min: MIN_QUANTITY, max: MAX_QUANTITY }) };
  }
  return { ok: true, quantity: value };
}
