/**
 * SPEC 5 'Store URL id': derived from the title, or a fallback if under 3 characters, made unique
 * by appending -1, -2, and so on.
 */
export const URL_ID_FALLBACK = 'product';
export const URL_ID_MAX_LENGTH = 200;
const URL_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lower-case ASCII letters and digits joined by single dashes; accents are dropped, not the letters. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, URL_ID_MAX_LENGTH - 10)
    .replace(/-+$/g, '');
}

/** The URL id a title asks for: its slug, or the fallback when the slug is under 3 characters. */
export function urlIdFromTitle(title: string): string {
  const slug = slugify(title);
  return slug.length < 3 ? URL_ID_FALLBACK : slug;
}

export function isValidUrlId(value: string): boolean {
  return value.length <= URL_ID_MAX_LENGTH && URL_ID_PATTERN.test(value);
}

/** `wanted` if free, else the first free `wanted-1`, `wanted-2`, … */
export function uniqueUrlId(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let n = 1; ; n++) {
    const candidate = `${wanted}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
