import type { DomainError } from '../shared/decider';
import { domainError, type ErrorCode } from '../shared/error-catalogue';

/** The owner-account codes of the shared catalogue (`shared/error-catalogue.ts`). */
export type AccountErrorCode = Extract<
  ErrorCode,
  'INVALID_EMAIL' | 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'INVALID_ROLES' | 'OWNER_ALREADY_EXISTS' | 'OWNER_NOT_FOUND'
>;

export function accountError(code: AccountErrorCode, details?: Record<string, unknown>): DomainError<AccountErrorCode> {
  return domainError(code, details) as DomainError<AccountErrorCode>;
}
