/**
 * Template errors as the renderer reports them: the engine's own `{ type, message }` (SPEC
 * section 8 wording: "Formatter 'x' is unknown", "Attempt to apply partial 'x' which could not be
 * found.", "... exceeded maximum recursion depth of 16", "Error parsing expression", …) plus a
 * `kind` to switch on. Errors are values: rendering never throws them.
 */
import type { TemplateError } from '@squarespace/template-engine';

export type RenderErrorKind =
  | 'unknown-formatter'
  | 'unknown-predicate'
  | 'syntax'
  | 'missing-partial'
  | 'partial-parse'
  | 'partial-recursion'
  | 'expression'
  | 'runtime'
  | 'locale';

export type RenderError = {
  kind: RenderErrorKind;
  /** Which stage raised it: the engine's parser, assembler or executor, or the renderer itself. */
  type: TemplateError['type'] | 'renderer';
  message: string;
};

function kindOf(error: TemplateError): RenderErrorKind {
  const { message } = error;
  if (/Formatter '.*' is unknown/.test(message)) return 'unknown-formatter';
  if (/Predicate '.*' is unknown/.test(message)) return 'unknown-predicate';
  if (error.type === 'parser' || error.type === 'assembler') return 'syntax';
  if (/Parse of partial/.test(message)) return 'partial-parse';
  if (/exceeded maximum recursion depth/.test(message)) return 'partial-recursion';
  if (/Attempt to apply partial .* could not be found/.test(message)) return 'missing-partial';
  if (/Error (parsing|reducing) expression/.test(message)) return 'expression';
  return 'runtime';
}

export function fromTemplateError(error: TemplateError): RenderError {
  return { kind: kindOf(error), type: error.type, message: error.message };
}

/** An exception that escaped the engine (a formatter bug, a malformed instruction tree). */
export function unexpected(cause: unknown): RenderError {
  const message = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  return { kind: 'runtime', type: 'renderer', message: `RuntimeError: Unexpected error when executing template: ${message}` };
}
