import type { DomainError } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';

/** The parsed value, or the input problem as a DomainException (nothing has been appended yet). */
export function parsedOrThrow<T>(parsed: { ok: true; value: T } | { ok: false; error: DomainError }): T {
  if (!parsed.ok) throw new DomainException(parsed.error);
  return parsed.value;
}

/** A dry run of a decision on the state just loaded: its error, if any, leaves before anything is written. */
export function acceptedOrThrow(decision: { ok: true } | { ok: false; error: DomainError }): void {
  if (!decision.ok) throw new DomainException(decision.error);
}
