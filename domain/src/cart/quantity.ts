import { cartError } from '../shared/error-catalogue';
import type { Parsed } from '../shared/requests';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

/**
 * What a quantity field sends as text: decimal digits, optionally signed with '-' and with a
 * fractional part. Not what `Number()` also reads ('1e2', '0x10', '+1', ' 3', 'Infinity').
 */
const DECIMAL_TEXT = /^-?[0-9]+(?:\.[0-9]+)?$/;

/**
 * SPEC 5: quantity input is a whole number from 1 to 9999. Accepts JSON numbers and decimal
 * strings (a form field's text); 'Quantity must be a number.' for anything else, 'Quantity must be
 * a whole number' for a fraction ('1.0' is whole), then the range.
 */
export function parseQuantity(raw: unknown): Parsed<number> {
  if (typeof raw === 'string' ? !DECIMAL_TEXT.test(raw) : typeof raw !== 'number') {
    return { ok: false, error: cartError('QUANTITY_NOT_A_NUMBER') };
  }
  const value = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, error: cartError('QUANTITY_NOT_A_NUMBER') };
  if (!Number.isInteger(value)) return { ok: false, error: cartError('QUANTITY_NOT_WHOLE') };
  if (value < MIN_QUANTITY || value > MAX_QUANTITY) {
    return { ok: false, error: cartError('QUANTITY_OUT_OF_RANGE', { min: MIN_QUANTITY, max: MAX_QUANTITY }) };
  }
  return { ok: true, value };
}

/**
 * A new quantity for a cart entry: 0 removes the entry, anything else is a quantity as above.
 * Zero is read more loosely than a quantity, as it always has been: the number 0, or text that
 * `Number()` reads as 0 once trimmed ('0', '0.0', '-0', ' 0 ', '0x0').
 */
export function parseQuantityChange(raw: unknown): Parsed<number> {
  return isZeroQuantity(raw) ? { ok: true, value: 0 } : parseQuantity(raw);
}

function isZeroQuantity(raw: unknown): boolean {
  if (raw === 0) return true;
  return typeof raw === 'string' && raw.trim() !== '' && Number(raw.trim()) === 0;
}
