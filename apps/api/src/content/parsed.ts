import type { DomainError } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';

/** A dry run of a decision on the state just loaded: its error, if any, leaves before anything is written. */
export function acceptedOrThrow(decision: { ok: true } | { ok: false; error: DomainError }): void {
  if (!decision.ok) throw new DomainException(decision.error);
}
