/**
 * Half of a surrogate pair without its other half: a JavaScript string can hold one (JSON can
 * escape one, "\ud800"), but no UTF-8 text can, and PostgreSQL's jsonb refuses it.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether `text` holds a lone surrogate (is not well-formed UTF-16). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** Text with each lone surrogate replaced by U+FFFD, as a UTF-8 encoder does; pairs are kept. */
export function wellFormed(text: string): string {
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\ufffd') : text;
}
