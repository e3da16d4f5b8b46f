import type { DomainError } from '../shared/decider';
import { accountError } from './errors';

/** New owner passwords: at least 12 characters; an upper bound keeps hashing cheap to refuse. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 1024;

/** The error for a password that cannot be set on a new account, or null when it is acceptable. */
export function checkNewPassword(password: unknown): DomainError | null {
  if (typeof password !== 'string' || [...password].length < MIN_PASSWORD_LENGTH) {
    return accountError('PASSWORD_TOO_SHORT', { minLength: MIN_PASSWORD_LENGTH });
  }
  if (password.length > MAX_PASSWORD_LENGTH) return accountError('PASSWORD_TOO_LONG', { maxLength: MAX_PASSWORD_LENGTH });
  return null;
}
