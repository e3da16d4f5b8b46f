import * as z from 'zod/mini';
import type { DomainError } from './decider';
import { domainError, errorOf, type ErrorCode } from './error-catalogue';

/**
 * Request schemas: untrusted JSON (an API request body, a form in the browser) turned into typed
 * values by zod (`zod/mini`, small enough for the browser bundle). The API parses every owner
 * request body with one of these before it builds a command, and the browser can check a form
 * with the same schema before sending it; both get the same answer.
 *
 * Every schema reports a problem as the domain error the API answers with (code, details and the
 * SPEC's wording), worded from the field's path in the body: `problem(...)` makes the zod error
 * map that carries it, `requestProblem` reads it back from a failed parse (the first problem in the
 * order the fields are declared). Shape and type problems are found here; business rules (limits,
 * uniqueness, date order) stay with `decide`, which receives the typed values.
 */

/** A value, or the first problem found as a domain error. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; error: DomainError };

type PathKey = PropertyKey;
type RawIssue = { path?: readonly PathKey[]; input?: unknown };

/** Issue messages written by `problem` start with this marker and hold the domain error as JSON. */
const MARK = 'storefront-problem:';

/** A body path as the API's messages name it: `merchandising.scarcityText`, `socialAccounts[0].serviceName`; `body` for the body itself. */
export function fieldName(path: readonly PathKey[] | undefined): string {
  if (!path || path.length === 0) return 'body';
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out;
}

/** The field a list element belongs to: `tags` for `tags[3]`. */
function listField(path: readonly PathKey[] | undefined): string {
  const p = [...(path ?? [])];
  while (p.length > 0 && typeof p[p.length - 1] === 'number') p.pop();
  return fieldName(p);
}

/**
 * A zod error map that reports `make(field, input)`; `field` is the failing value's path, or
 * `field` when given (some fields are named the same wherever they sit, e.g. a variant's `sku`).
 */
export function problem(make: (field: string, input: unknown, path: readonly PathKey[]) => DomainError, field?: string): { error: (issue: RawIssue) => string } {
  return { error: (issue) => encode(make(field ?? fieldName(issue.path), issue.input, issue.path ?? [])) };
}

const encode = (error: DomainError) => MARK + JSON.stringify(error);

/** The same problem whatever the field: a catalogue code with its SPEC message. */
export function codeProblem(code: ErrorCode, details?: (field: string, input: unknown) => Record<string, unknown> | undefined, field?: string) {
  return problem((f, input) => domainError(code, details?.(f, input)), field);
}

/** The domain error a failed parse stands for: the first issue, as its schema worded it. */
export function requestProblem(error: { issues: readonly { message: string; path: readonly PathKey[] }[] }): DomainError {
  const issue = error.issues[0];
  if (issue && issue.message.startsWith(MARK)) return JSON.parse(issue.message.slice(MARK.length)) as DomainError;
  const field = fieldName(issue?.path);
  return errorOf('INVALID_REQUEST', `${field} is not valid.`, { field });
}

/** Parses `raw` with `schema`: its typed value, or the first problem as a domain error. */
export function parseRequest<S extends z.ZodMiniType>(schema: S, raw: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false, error: requestProblem(result.error) };
}

// Building blocks with the API's wording (SPEC 8: INVALID_REQUEST and INVALID_TEXT_FIELD name the field).

/** `<field> must be …` (INVALID_REQUEST), or `The request body must be a JSON object.` for the body itself. */
export const mustBe = (what: string, field?: string) =>
  problem((f) => errorOf('INVALID_REQUEST', f === 'body' ? 'The request body must be a JSON object.' : `${f} ${what}`, { field: f }), field);

/** An object; `The request body must be a JSON object.` at the top, `<field> must be an object.` inside. Unknown members are dropped. */
export function object<Shape extends z.core.$ZodLooseShape>(shape: Shape, field?: string) {
  return z.object(shape, mustBe('must be an object.', field));
}

/** Text: `<field> must be text.` (INVALID_TEXT_FIELD), or another code's catalogue message with `{ field }`. */
export function text(field?: string, code: ErrorCode = 'INVALID_TEXT_FIELD') {
  return z.string(code === 'INVALID_TEXT_FIELD'
    ? problem((f) => errorOf('INVALID_TEXT_FIELD', `${f} must be text.`, { field: f }), field)
    : codeProblem(code, (f) => ({ field: f }), field));
}

/** Text, or null for "none"; an empty string counts as none. */
export function nullableText(field?: string) {
  return z.pipe(z.nullable(text(field)), z.transform((v): string | null => (v === '' ? null : v)));
}

/** true or false: `<field> must be true or false.` */
export function bool(field?: string) {
  return z.boolean(mustBe('must be true or false.', field));
}

/** A safe integer: `<field> must be a whole number.` */
export function integer(field?: string) {
  const p = mustBe('must be a whole number.', field);
  return z.number(p).check(z.refine((n) => Number.isSafeInteger(n), p));
}

/** A list of text: `<field> must be a list of text.`, naming the list even when one element is wrong. */
export function textList(field?: string) {
  const p = problem((_f, _input, path) => {
    const name = field ?? listField(path);
    return errorOf('INVALID_REQUEST', `${name} must be a list of text.`, { field: name });
  });
  return z.array(z.string(p), p);
}

/** Drops the members left undefined (an absent field changes nothing). */
export function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Reports `error` from inside a zod transform (a rule that needs several fields at once) and
 * returns zod's NEVER; the error is as given, whatever the path.
 */
export function reportProblem(ctx: { issues: unknown[]; value: unknown }, error: DomainError): never {
  ctx.issues.push({ code: 'custom', message: encode(error), input: ctx.value });
  return z.NEVER as never;
}

export const isPlainObject = (raw: unknown): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null && !Array.isArray(raw);

/** Any JSON object, kept as it is (its members are another rule's business). */
export function anyObject(error: { error: (issue: RawIssue) => string }) {
  return z.custom<Record<string, unknown>>(isPlainObject, error);
}

/**
 * A value read by `read` (a name or a number for the same option, say); anything `read` does not
 * know is `error`'s problem. Wrap it in `z.optional` when the field may be left out.
 */
export function readAs<T>(read: (raw: unknown) => T | undefined, error: { error: (issue: RawIssue) => string }) {
  return z.pipe(
    z.unknown().check(z.refine((raw) => read(raw) !== undefined, error)),
    z.transform((raw): T | undefined => (raw === undefined ? undefined : read(raw))),
  );
}

/**
 * A field no value of which is refused here: `read` turns whatever was sent (undefined when the
 * field is absent) into its typed value. For a field whose problems are reported later, in the
 * order of checks the SPEC gives (a cart's state before its quantity), `read` returns a `Parsed`
 * value: the field's value or its problem, which `decide` reports in its turn.
 */
export function lenient<T>(read: (raw: unknown) => T) {
  return z.pipe(z.optional(z.unknown()), z.transform((raw): T => read(raw)));
}

/** A field that should be text, as it was sent: absent (or null), text, or another JSON value. */
export type SentText = { kind: 'absent' } | { kind: 'text'; text: string } | { kind: 'other' };

export function readSentText(raw: unknown): SentText {
  if (raw === undefined || raw === null) return { kind: 'absent' };
  return typeof raw === 'string' ? { kind: 'text', text: raw } : { kind: 'other' };
}

/** A text field whose absence or wrong type is for a later rule to judge (an unknown variant, another entry). */
export const sentText = () => lenient(readSentText);

/** A request schema whose parse gives a T (what `parseRequest` and the API's `parseBody` take). */
export type RequestSchema<T = unknown> = z.ZodMiniType<T>;

/** POST …/restore (issue 12): `{ version }`, a version from the aggregate's history (whether it exists is decide's to say). */
export const RestoreRequest = z.pipe(object({ version: integer() }), z.transform((b) => b.version));
