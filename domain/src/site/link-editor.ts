import { isValidEmail } from '../accounts/email';
import { ERROR_MESSAGES } from '../shared/error-catalogue';
import { isSafeLink, SITE_LIMITS } from './site-limits';

/**
 * The link editor's rules (SPEC 2 'Link editor', SPEC 5 'Editor messages'), pure so the owner app
 * checks a link as it is typed and its tests run without a browser. A link is one of three kinds:
 * a web address (http or https), a page of this site (a path), or an email address (stored as
 * `mailto:`). What a block stores is still checked by the server (`isSafeLink`).
 */
export const LINK_KINDS = ['web', 'page', 'email'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * SPEC 5's link-editor messages that no API answers with. They live here rather than in
 * ERROR_MESSAGES because the published pages' bundle carries that whole catalogue, and these
 * belong to the owner app alone. (The page-URL and email messages are the catalogue's
 * INVALID_LINK and INVALID_EMAIL, which the API uses too.)
 */
export const LINK_EDITOR_MESSAGES = {
  linkFormat: 'Links must be formatted as {host} or {host}',
  emailFormat: 'Emails must be formatted as {email}',
} as const;

/** The examples the messages show when the input gives nothing better. */
export const LINK_EXAMPLES = { host: 'www.example.com', email: 'name@example.com' } as const;

/** The kind of a stored link, to open the editor on it: mailto → email, a path → page, else web. */
export function linkKindOf(link: string): LinkKind {
  const trimmed = link.trim();
  if (/^mailto:/i.test(trimmed)) return 'email';
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return 'page';
  return 'web';
}

/** What the editor's field shows for a stored link: an email without its `mailto:`, anything else as stored. */
export function linkInputOf(link: string): string {
  return link.trim().replace(/^mailto:/i, '');
}

/** 'Links must be formatted as http://{host} or https://{host}': the SPEC's two placeholders, filled in order. */
export function linkFormatMessage(host: string = LINK_EXAMPLES.host): string {
  const [before, between, after] = LINK_EDITOR_MESSAGES.linkFormat.split('{host}');
  return `${before}http://${host}${between}https://${host}${after}`;
}

/** 'Emails must be formatted as name@example.com'. */
export function emailFormatMessage(email: string = LINK_EXAMPLES.email): string {
  return LINK_EDITOR_MESSAGES.emailFormat.split('{email}').join(email);
}

/** '{val} is not a valid page URL', the value shortened to 100 characters. */
export function invalidPageMessage(val: string): string {
  return ERROR_MESSAGES.INVALID_LINK.split('{val}').join(val.length > 100 ? `${val.slice(0, 100)}…` : val);
}

/** A host typed without its scheme ('example.com', 'shop.example.com:8080/mugs'): its host part. */
const BARE_HOST = /^((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}|localhost)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

function webProblem(input: string): string | null {
  if (/^https?:\/\//i.test(input)) {
    if (!isSafeLink(input)) return linkFormatMessage();
    const host = new URL(input).hostname;
    return host.includes('.') || host === 'localhost' ? null : linkFormatMessage(host || undefined);
  }
  const bare = BARE_HOST.exec(input);
  return linkFormatMessage(bare ? bare[1]!.toLowerCase() : undefined);
}

/** The path of a page link without its query and fragment ('/about?x#team' → '/about'). */
function pathOf(link: string): string {
  const path = link.split(/[?#]/)[0]!;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

function pageProblem(input: string, pagePaths: readonly string[] | undefined): string | null {
  if (!input.startsWith('/') || input.startsWith('//') || !isSafeLink(input)) return invalidPageMessage(input);
  const path = pathOf(input);
  if (pagePaths && !pagePaths.some((page) => path === page || (page !== '/' && path.startsWith(`${page}/`)))) return invalidPageMessage(input);
  return null;
}

function emailProblem(input: string): string | null {
  const address = linkInputOf(input);
  if (address === '') return ERROR_MESSAGES.INVALID_EMAIL;
  if (!address.includes('@')) return emailFormatMessage();
  return isValidEmail(address) ? null : ERROR_MESSAGES.INVALID_EMAIL;
}

/**
 * The message for a link typed into the editor, or null when it may be saved. `pagePaths`: the
 * paths of this site's pages and collections (`/`, `/about`, `/journal`…); a page link must be
 * one of them or lie below one (a post of `/journal`, a product of `/shop`).
 */
export function linkProblem(kind: LinkKind, input: string, pagePaths?: readonly string[]): string | null {
  const value = input.trim();
  if (value.length > SITE_LIMITS.urlMaxLength) return kind === 'page' ? invalidPageMessage(value) : kind === 'email' ? ERROR_MESSAGES.INVALID_EMAIL : linkFormatMessage();
  switch (kind) {
    case 'web':
      return webProblem(value);
    case 'page':
      return pageProblem(value, pagePaths);
    case 'email':
      return emailProblem(value);
    default: {
      const unhandled: never = kind;
      return unhandled;
    }
  }
}

/** The link to store for input that passed `linkProblem`: the trimmed address or path, an email as `mailto:`. */
export function linkFromInput(kind: LinkKind, input: string): string {
  const value = input.trim();
  return kind === 'email' ? `mailto:${linkInputOf(value)}` : value;
}
