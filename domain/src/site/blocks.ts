import { domainError } from '../shared/error-catalogue';
import { isSafeLink, SITE_LIMITS, type Check } from './site-limits';

/** SPEC 3 'Block types': number → name (kebab-case of the SPEC's wording). */
export const BLOCK_TYPES: Record<number, string> = {
  1: 'navigation', 2: 'html', 3: 'logo', 4: 'map', 5: 'image', 6: 'twitter', 7: 'journal', 8: 'gallery', 9: 'form', 10: 'geo',
  11: 'index', 12: 'collection-link', 13: 'link', 14: 'tag-cloud', 16: 'comments', 17: 'folder', 18: 'menu', 19: 'social-links',
  20: 'summary', 21: 'spacer', 22: 'embed', 23: 'code', 24: 'foursquare', 25: 'instagram', 26: 'calendar', 27: 'posts-by-author',
  28: 'posts-by-tag', 29: 'posts-by-category', 30: 'posts-by-month', 31: 'quote', 32: 'video', 33: 'search', 41: 'audio', 42: '500px',
  43: 'product', 44: 'markdown', 45: 'flickr', 46: 'amazon', 47: 'horizontal-rule', 48: 'social-account-links', 49: 'rss',
  50: 'opentable', 51: 'newsletter', 52: 'donation', 53: 'button', 54: 'social-account-links-v2', 55: 'summary-v2', 56: 'soundcloud',
  57: 'email-footer', 58: 'in-browser-message-link', 59: 'tour-dates', 60: 'album', 61: 'archive', 62: 'chart', 63: 'zola',
  65: 'acuity', 66: 'opentable-v2', 67: 'member-area', 68: 'tock', 69: 'accordion', 70: 'marquee', 71: 'shape', 72: 'pricing-plan',
  1337: 'website-component',
};

/** Block type numbers by name, for code that builds layouts. */
export const BLOCK = {
  html: 2, map: 4, image: 5, gallery: 8, form: 9, spacer: 21, code: 23, quote: 31, video: 32, product: 43, markdown: 44,
  horizontalRule: 47, newsletter: 51, button: 53, socialLinks: 54, summary: 55, accordion: 69,
} as const;

/** One block of a page's layout: `value` holds the block's own fields (see BLOCK_VALUE_FIELDS). */
export type Block = { id: string; type: number; value: Record<string, unknown> };
/** A block as read models and templates see it. */
export type BlockView = Block & { typeName: string };

type FieldRule = 'text' | 'html' | 'link' | 'id' | 'number' | 'flag' | 'ids' | 'location' | 'accordion';
type FieldSpec = { rule: FieldRule; required?: boolean };

/**
 * The value fields this product reads for the block types it renders, and their rules. Fields not
 * listed are kept as given (a theme may use them); the types not listed take any JSON object.
 */
export const BLOCK_VALUE_FIELDS: Record<number, Record<string, FieldSpec>> = {
  [BLOCK.html]: { html: { rule: 'html', required: true } },
  [BLOCK.image]: { imageId: { rule: 'id', required: true }, altText: { rule: 'text' }, caption: { rule: 'html' }, link: { rule: 'link' } },
  [BLOCK.gallery]: { imageIds: { rule: 'ids', required: true } },
  [BLOCK.form]: { formId: { rule: 'id', required: true } },
  [BLOCK.quote]: { text: { rule: 'text', required: true }, source: { rule: 'text' } },
  [BLOCK.button]: { label: { rule: 'text', required: true }, url: { rule: 'link', required: true }, newWindow: { rule: 'flag' } },
  [BLOCK.spacer]: { height: { rule: 'number' } },
  [BLOCK.horizontalRule]: {},
  [BLOCK.map]: { location: { rule: 'location', required: true }, zoom: { rule: 'number' } },
  [BLOCK.video]: { url: { rule: 'link', required: true }, caption: { rule: 'html' } },
  [BLOCK.markdown]: { markdown: { rule: 'text', required: true } },
  [BLOCK.code]: { code: { rule: 'text', required: true }, language: { rule: 'text' } },
  [BLOCK.summary]: { collectionId: { rule: 'id', required: true }, pageSize: { rule: 'number' }, design: { rule: 'text' } },
  [BLOCK.product]: { productId: { rule: 'id', required: true } },
  [BLOCK.newsletter]: { title: { rule: 'text' }, description: { rule: 'html' }, buttonLabel: { rule: 'text' }, formId: { rule: 'id' } },
  [BLOCK.socialLinks]: {},
  [BLOCK.accordion]: { items: { rule: 'accordion', required: true } },
};

export function blockTypeName(type: number): string | undefined {
  return BLOCK_TYPES[type];
}

export function blockView(block: Block): BlockView {
  return { id: block.id, type: block.type, typeName: BLOCK_TYPES[block.type] ?? 'unknown', value: block.value };
}

const isText = (v: unknown): v is string => typeof v === 'string';

function fieldOk(rule: FieldRule, value: unknown): boolean {
  switch (rule) {
    case 'text':
    case 'html':
      return isText(value);
    case 'link':
      return isText(value) && isSafeLink(value);
    case 'id':
      return isText(value) && value.length > 0 && value.length <= SITE_LIMITS.idMaxLength;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 10_000;
    case 'flag':
      return typeof value === 'boolean';
    case 'ids':
      return Array.isArray(value) && value.length <= 1000 && value.every((v) => isText(v) && v.length > 0 && v.length <= SITE_LIMITS.idMaxLength);
    case 'location': {
      if (typeof value !== 'object' || value === null) return false;
      const { mapLat, mapLng } = value as { mapLat?: unknown; mapLng?: unknown };
      return typeof mapLat === 'number' && typeof mapLng === 'number' && Math.abs(mapLat) <= 90 && Math.abs(mapLng) <= 180;
    }
    case 'accordion':
      return (
        Array.isArray(value) && value.length <= 100 &&
        value.every((i) => typeof i === 'object' && i !== null && isText((i as { title?: unknown }).title) && isText((i as { body?: unknown }).body))
      );
    default: {
      const unhandled: never = rule;
      return unhandled;
    }
  }
}

function blockError(index: number, reason: string, block?: Partial<Block>): Check {
  return domainError('INVALID_BLOCK', { index, reason, ...(block?.id !== undefined ? { blockId: block.id } : {}) }, `Block ${index + 1}: ${reason}`);
}

export function checkBlock(block: Block, index: number): Check {
  if (typeof block !== 'object' || block === null) return blockError(index, 'a block must be an object.');
  if (typeof block.id !== 'string' || block.id.length === 0 || block.id.length > SITE_LIMITS.idMaxLength) return blockError(index, 'it needs an id.', block);
  if (typeof block.type !== 'number' || BLOCK_TYPES[block.type] === undefined) return blockError(index, `${String(block.type)} is not a block type.`, block);
  if (typeof block.value !== 'object' || block.value === null || Array.isArray(block.value)) return blockError(index, 'its value must be an object.', block);
  if (JSON.stringify(block.value).length > SITE_LIMITS.blockValueMaxLength) return blockError(index, 'its value is too large.', block);
  for (const [field, spec] of Object.entries(BLOCK_VALUE_FIELDS[block.type] ?? {})) {
    const value = block.value[field];
    if (value === undefined || value === null) {
      if (spec.required) return blockError(index, `a ${BLOCK_TYPES[block.type]} block needs ${field}.`, block);
      continue;
    }
    if (!fieldOk(spec.rule, value)) return blockError(index, `${field} of a ${BLOCK_TYPES[block.type]} block is not valid.`, block);
  }
  return null;
}

/** A page layout: at most 60 blocks (SPEC 9), each valid, ids unique within the layout. */
export function checkLayout(blocks: Block[]): Check {
  if (!Array.isArray(blocks)) return domainError('INVALID_BLOCK', { reason: 'blocks must be a list.' }, 'blocks must be a list.');
  if (blocks.length > SITE_LIMITS.blocksPerLayout) {
    return domainError('TOO_MANY_BLOCKS', { limit: SITE_LIMITS.blocksPerLayout, count: blocks.length });
  }
  const ids = new Set<string>();
  for (const [index, block] of blocks.entries()) {
    const invalid = checkBlock(block, index);
    if (invalid) return invalid;
    if (ids.has(block.id)) return blockError(index, `another block already has the id ${block.id}.`, block);
    ids.add(block.id);
  }
  return null;
}
