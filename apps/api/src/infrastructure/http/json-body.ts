import { domainError } from '@storefront/domain';
import { DomainException } from './domain-exception';

/** A request body that must be a JSON object (not an array, a string or nothing), typed as the route expects. */
export function jsonObject<T extends object>(body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainException(domainError('INVALID_REQUEST', undefined, 'The request body must be a JSON object.'));
  }
  return body as T;
}
