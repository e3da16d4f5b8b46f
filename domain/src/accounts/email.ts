/**
 * SPEC 5 'Email check': 3 to 256 characters, a simple user@domain pattern with a 2-4 character
 * ending. Simple means the common characters only: the user part letters, digits and . _ % + -
 * (no markup, quotes, spaces or control characters), the domain dot-separated labels of letters,
 * digits and inner hyphens, ending in 2 to 4 letters.
 */
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,4}$/;

export function isValidEmail(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= EMAIL_MIN_LENGTH &&
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(value)
  );
}

/** Emails compare case-insensitively: one account per lowercased, trimmed address. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
