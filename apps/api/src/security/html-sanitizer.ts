import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * The HTML contributors write (product descriptions, post bodies and excerpts, page descriptions,
 * header and footer, block captions…) goes through an allow-list sanitizer, `sanitize-html`, on
 * write (command handlers) and again on render (`decoratePageContext`). Anything not listed here is
 * dropped: scripts, event-handler attributes, `style`, forms, frames, `javascript:` and `data:`
 * links, images from anywhere but our own `/static/images/`. See docs/SECURITY.md.
 */

const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'];
/** Our own uploaded images (`/static/images/{id}/{file}`), nothing else, so no tracking pixels or foreign hosts. */
const OWN_IMAGE = /^\/static\/images\/[A-Za-z0-9._~%-]+\/[A-Za-z0-9._~%-]+(\?format=\d+w)?$/;
/** Hosts whose players a video block or an admin's HTML block may frame. */
export const EMBED_HOSTS = ['player.vimeo.com', 'www.youtube.com', 'www.youtube-nocookie.com'];

const RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'a', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span', 'code', 'pre', 'kbd',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'cite', 'q', 'figure', 'figcaption', 'img',
  'abbr', 'time', 'del', 'ins', 'dl', 'dt', 'dd',
];

/** Links keep their target only as a new tab, always with rel="noopener noreferrer". */
function link(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { target, ...rest } = attribs;
  return target === '_blank'
    ? { tagName, attribs: { ...rest, target: '_blank', rel: 'noopener noreferrer' } }
    : { tagName, attribs: rest };
}

const RICH_TEXT: IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    ol: ['start', 'reversed', 'type'],
    li: ['value'],
    time: ['datetime'],
    abbr: ['title'],
    blockquote: ['cite'],
    q: ['cite'],
  },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // An image from anywhere else than our own uploads is dropped, tag and all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? ''),
  transformTags: { a: link },
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/**
 * What an admin's HTML block (and a video block's embed) may hold beyond rich text: layout
 * elements, tables, ids and ARIA attributes, and iframes of the known video players. Still no
 * script, no event handlers, no javascript: URLs, no forms or plugins.
 */
const ADMIN_HTML: IOptions = {
  ...RICH_TEXT,
  allowedTags: [...RICH_TEXT_TAGS, 'div', 'section', 'article', 'aside', 'header', 'footer', 'nav', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col', 'iframe', 'details', 'summary'],
  allowedAttributes: {
    ...(RICH_TEXT.allowedAttributes as Record<string, sanitizeHtml.AllowedAttribute[]>),
    '*': ['class', 'title', 'lang', 'dir', 'id', 'aria-label', 'aria-hidden', 'role'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
  },
  allowedSchemesByTag: { img: [], iframe: ['https'] },
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  // A frame whose source was not allowed is left without one: drop it.
  exclusiveFilter: (frame) => (frame.tag === 'img' && !OWN_IMAGE.test(frame.attribs.src ?? '')) || (frame.tag === 'iframe' && !frame.attribs.src),
};

/**
 * Pages sanitize the same stored strings on every render: results for inputs up to 20,000
 * characters are remembered (at most 2,000 per policy, oldest dropped first).
 */
function cached(options: IOptions): (html: string) => string {
  const memo = new Map<string, string>();
  return (html) => {
    if (typeof html !== 'string' || html === '') return '';
    if (html.length > 20_000) return sanitizeHtml(html, options);
    let clean = memo.get(html);
    if (clean === undefined) {
      clean = sanitizeHtml(html, options);
      if (memo.size >= 2000) memo.delete(memo.keys().next().value!);
      memo.set(html, clean);
    }
    return clean;
  };
}

/** Contributor rich text: the SPEC's formatting (paragraphs, safe links, emphasis, lists, headings, quotes, our images). */
export const sanitizeRichText: (html: string) => string = cached(RICH_TEXT);

/** The admin's HTML block or an oEmbed player: rich text plus layout, tables and known video iframes (others' html blocks get `sanitizeRichText`). */
export const sanitizeAdminHtml: (html: string) => string = cached(ADMIN_HTML);

/** Block types (SPEC numbers) that carry markup or code of their own: only an admin may add or change them. */
export const MARKUP_BLOCK_TYPES: ReadonlySet<number> = new Set([22 /* embed */, 23 /* code */]);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A content item (post, event, gallery image, product as an item, image asset): its html fields sanitized. */
export function sanitizeItemHtml<T>(item: T): T {
  if (!isObject(item)) return item;
  const out: Json = { ...item };
  for (const key of ['excerpt', 'body', 'description'] as const) if (typeof out[key] === 'string') out[key] = sanitizeRichText(out[key] as string);
  if (isObject(out.mainImage)) out.mainImage = sanitizeItemHtml(out.mainImage);
  if (Array.isArray(out.items)) out.items = out.items.map((i) => sanitizeItemHtml(i));
  return out as T;
}

/**
 * A block's value with every field the theme prints as html sanitized: an html block's `html` with
 * the admin policy, everything else (captions, descriptions, accordion bodies, a markdown block's
 * rendered `html`, a form's disclaimer, the records summary and product blocks show) as rich text.
 */
export function sanitizeBlockValue(type: number, value: Json): Json {
  const out: Json = { ...value };
  if (typeof out.html === 'string') out.html = type === 2 ? sanitizeAdminHtml(out.html) : sanitizeRichText(out.html);
  for (const key of ['caption', 'description']) if (typeof out[key] === 'string') out[key] = sanitizeRichText(out[key] as string);
  if (Array.isArray(out.items)) {
    // Accordion entries ({ title, body }) and the records of summary blocks alike.
    out.items = out.items.map((i) => sanitizeItemHtml(i));
  }
  if (isObject(out.product)) out.product = sanitizeItemHtml(out.product);
  if (isObject(out.image)) out.image = sanitizeItemHtml(out.image);
  if (Array.isArray(out.images)) out.images = out.images.map((i) => sanitizeItemHtml(i));
  if (isObject(out.oembed) && typeof out.oembed.html === 'string') out.oembed = { ...out.oembed, html: sanitizeAdminHtml(out.oembed.html) };
  if (isObject(out.form)) {
    const form: Json = { ...out.form };
    for (const key of ['parsedDisclaimerMessage', 'parsedSubmissionMessage', 'submissionHTML']) if (typeof form[key] === 'string') form[key] = sanitizeRichText(form[key] as string);
    out.form = form;
  }
  return out;
}
