import { BLOCK, BLOCK_TYPES } from '@storefront/domain/site/blocks';

/** A block as the editor holds it (the layout API's shape). */
export type EditorBlock = { id: string; type: number; value: Record<string, unknown> };

/**
 * What "Add block" offers: every block type the theme renders (apps/api/src/theme/templates/
 * partials/block-*.jsont) that an owner can fill in here. Heading and Text are both html blocks
 * (SPEC block type 2, rich text), told apart by their first element. A form block shows one of the
 * site's forms (Forms section) by its `formId`. Not offered: embed blocks have no template,
 * and markdown blocks show only an `html` the page builder never makes from the markdown yet
 * (a markdown block already on a page can still be edited, moved and deleted).
 */
export type BlockChoice = {
  key: string;
  type: number;
  label: string;
  description: string;
  /** A new block's value. */
  initial: () => Record<string, unknown>;
};

export const BLOCK_CHOICES: readonly BlockChoice[] = [
  { key: 'heading', type: BLOCK.html, label: 'Heading', description: 'A title for a section of the page.', initial: () => ({ html: '<h2><br></h2>' }) },
  { key: 'text', type: BLOCK.html, label: 'Text', description: 'Paragraphs with bold, italic, links and lists.', initial: () => ({ html: '<p><br></p>' }) },
  { key: 'image', type: BLOCK.image, label: 'Image', description: 'A picture from your library, with a caption or a link.', initial: () => ({}) },
  { key: 'gallery', type: BLOCK.gallery, label: 'Gallery', description: 'Several pictures as a grid, slideshow, slider or stack.', initial: () => ({ imageIds: [], options: { design: 'grid' } }) },
  { key: 'product', type: BLOCK.product, label: 'Product', description: 'One product with its price and an add-to-cart button.', initial: () => ({}) },
  { key: 'button', type: BLOCK.button, label: 'Button', description: 'A link shown as a button.', initial: () => ({ label: 'Learn more', url: '/' }) },
  { key: 'quote', type: BLOCK.quote, label: 'Quote', description: 'A quotation and who said it.', initial: () => ({ text: '', source: '' }) },
  { key: 'summary', type: BLOCK.summary, label: 'Summary', description: 'The latest posts, events, images or products of a collection.', initial: () => ({ pageSize: 3, design: 'grid' }) },
  { key: 'form', type: BLOCK.form, label: 'Form', description: 'One of your forms: contact, booking, a survey.', initial: () => ({}) },
  { key: 'newsletter', type: BLOCK.newsletter, label: 'Newsletter', description: 'An email sign-up form.', initial: () => ({ title: 'Stay in touch', description: '', buttonLabel: 'Sign up' }) },
  { key: 'video', type: BLOCK.video, label: 'Video', description: 'A link to a video on Vimeo or YouTube.', initial: () => ({}) },
  { key: 'map', type: BLOCK.map, label: 'Map', description: 'An address with a link to the map.', initial: () => ({}) },
  { key: 'accordion', type: BLOCK.accordion, label: 'Accordion', description: 'Questions and answers that open one at a time.', initial: () => ({ items: [{ title: '', body: '' }] }) },
  { key: 'social', type: BLOCK.socialLinks, label: 'Social links', description: "Links to your site's social accounts.", initial: () => ({}) },
  { key: 'spacer', type: BLOCK.spacer, label: 'Spacer', description: 'Empty space between blocks.', initial: () => ({ height: 40 }) },
  { key: 'line', type: BLOCK.horizontalRule, label: 'Line', description: 'A horizontal line between blocks.', initial: () => ({}) },
  { key: 'code', type: BLOCK.code, label: 'Code', description: 'Source code shown as written.', initial: () => ({ code: '', language: '' }) },
];

/**
 * Block types only an admin may add or change (the server answers 403 to anyone else;
 * docs/SECURITY.md). Heading and Text are anyone's: the server keeps their formatting only.
 */
export const ADMIN_BLOCK_TYPES: ReadonlySet<number> = new Set([22 /* embed */, BLOCK.code]);

const NAMES: Record<number, string> = {
  [BLOCK.image]: 'Image', [BLOCK.gallery]: 'Gallery', [BLOCK.product]: 'Product', [BLOCK.button]: 'Button', [BLOCK.quote]: 'Quote',
  [BLOCK.summary]: 'Summary', 20: 'Summary', [BLOCK.newsletter]: 'Newsletter', [BLOCK.video]: 'Video', [BLOCK.map]: 'Map',
  [BLOCK.accordion]: 'Accordion', [BLOCK.socialLinks]: 'Social links', 48: 'Social links', 19: 'Social links', [BLOCK.spacer]: 'Spacer',
  [BLOCK.horizontalRule]: 'Line', [BLOCK.markdown]: 'Markdown', [BLOCK.code]: 'Code', [BLOCK.form]: 'Form', 22: 'Embed',
};

/** The name a block goes by in the editor: 'Heading' or 'Text' for html, else its type's. */
export function blockLabel(block: Pick<EditorBlock, 'type' | 'value'>): string {
  if (block.type === BLOCK.html) return /^\s*<h[1-6][\s>]/i.test(String(block.value.html ?? '')) ? 'Heading' : 'Text';
  const name = NAMES[block.type] ?? BLOCK_TYPES[block.type] ?? `Block type ${block.type}`;
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');
}

/** Whether this editor has a form for the block's fields (others can still be moved, copied and deleted). */
export function isEditable(type: number): boolean {
  return BLOCK_CHOICES.some((c) => c.type === type) || [BLOCK.markdown, 20, 19, 48].includes(type);
}

/** Plain text of rich text, for the block list and messages. */
export function textOf(html: string): string {
  if (!html) return '';
  // Block elements and line breaks part words, as they do on the page.
  const spaced = html.replace(/<\/(p|h[1-6]|li|div|blockquote|dd|dt)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function cut(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line saying what a block holds, for its row in the block list ('' when there is nothing to say). */
export function blockSummary(block: EditorBlock, names: { image?: (id: string) => string | undefined; product?: (id: string) => string | undefined; collection?: (id: string) => string | undefined } = {}): string {
  const v = block.value;
  const str = (key: string) => (typeof v[key] === 'string' ? (v[key] as string) : '');
  switch (block.type) {
    case BLOCK.html:
      return cut(textOf(str('html')));
    case BLOCK.image:
      return str('imageId') ? cut(str('altText') || names.image?.(str('imageId')) || 'Image chosen') : 'No image chosen';
    case BLOCK.gallery: {
      const n = Array.isArray(v.imageIds) ? v.imageIds.length : 0;
      return n === 1 ? '1 image' : `${n} images`;
    }
    case BLOCK.product:
      return str('productId') ? cut(names.product?.(str('productId')) ?? 'Product chosen') : 'No product chosen';
    case BLOCK.button:
      return cut(`${str('label')} → ${str('url')}`);
    case BLOCK.quote:
      return cut(str('text'));
    case BLOCK.summary:
    case 20:
      return str('collectionId') ? cut(names.collection?.(str('collectionId')) ?? 'Collection chosen') : 'No collection chosen';
    case BLOCK.newsletter:
      return cut(str('title'));
    case BLOCK.video:
      return cut(str('url')) || 'No video link';
    case BLOCK.map: {
      const location = (v.location ?? {}) as Record<string, unknown>;
      return cut([location.addressTitle, location.addressLine1].filter((s) => typeof s === 'string' && s !== '').join(', ')) || 'No address';
    }
    case BLOCK.accordion: {
      const n = Array.isArray(v.items) ? v.items.length : 0;
      return n === 1 ? '1 item' : `${n} items`;
    }
    case BLOCK.spacer:
      return `${typeof v.height === 'number' ? v.height : 40} px`;
    case BLOCK.markdown:
      return cut(str('markdown').replace(/\s+/g, ' ').trim());
    case BLOCK.code:
      return cut(str('code').replace(/\s+/g, ' ').trim());
    default:
      return '';
  }
}
