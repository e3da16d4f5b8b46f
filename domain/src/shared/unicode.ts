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

/**
 * Whether any key or string in a parsed JSON value holds text PostgreSQL cannot store: a NUL
 * character (in neither text nor jsonb) or a lone surrogate (not in jsonb). For JSON that arrives
 * as text inside a request field, which the body parser's own checks do not see. Iterative, so a
 * deeply nested value cannot overflow the stack.
 */
export function holdsUnstorableText(value: unknown): boolean {
  const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (unstorable(node)) return true;
    } else if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (unstorable(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
