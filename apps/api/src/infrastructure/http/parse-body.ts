import { parseRequest, type RequestSchema } from '@storefront/domain';
import { DomainException } from './domain-exception';

/**
 * A request body parsed with its request schema (`domain/src/<context>/requests.ts`, the same
 * schemas the browser can check a form with): the typed value, or the first problem as the
 * DomainException the error filter answers (400 with the SPEC's code and message, nothing written).
 */
export function parseBody<T>(schema: RequestSchema<T>, body: unknown): T {
  const parsed = parseRequest(schema, body);
  if (!parsed.ok) throw new DomainException(parsed.error);
  return parsed.value;
}
