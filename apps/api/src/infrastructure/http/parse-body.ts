import { parseRequest, type Parsed, type RequestSchema } from '@storefront/domain';
import { DomainException } from './domain-exception';

/**
 * A request body parsed with its request schema (`domain/src/<context>/requests.ts`, the same
 * schemas the browser can check a form with): the typed value, or the first problem as the
 * DomainException the error filter answers (400 with the SPEC's code and message, nothing written).
 */
export function parseBody<T>(schema: RequestSchema<T>, body: unknown): T {
  return valueOrThrow(parseRequest(schema, body));
}

/**
 * A value parsed at the edge whose problem is reported in its turn (a field the SPEC checks after
 * the state it depends on, such as checkout's payment token): the value, or its problem thrown as
 * the DomainException the error filter answers.
 */
export function valueOrThrow<T>(parsed: Parsed<T>): T {
  if (!parsed.ok) throw new DomainException(parsed.error);
  return parsed.value;
}
