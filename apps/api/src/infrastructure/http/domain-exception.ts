import type { DomainError } from '@storefront/domain';

/** Carries a domain error out of a handler to the one filter that maps it to HTTP. */
export class DomainException extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

/** Unwraps a handler result: the value when ok, else throws the domain error. */
export function orThrow<T extends { ok: true }>(result: T | { ok: false; error: DomainError }): T {
  if (!result.ok) throw new DomainException(result.error);
  return result;
}
