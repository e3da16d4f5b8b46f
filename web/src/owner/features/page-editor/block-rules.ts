import { BLOCK, checkBlock } from '@storefront/domain/site/blocks';
import { linkKindOf, linkProblem } from '@storefront/domain/site/link-editor';
import { blockLabel, type EditorBlock } from './block-types';

/**
 * What keeps a block from being saved, in words for the owner (null when it is ready): the fields
 * the server requires, links by the link editor's rules, then the server's own block check
 * (`checkBlock`), so a save is refused here before the server would refuse it.
 */
export function blockProblem(block: EditorBlock, pagePaths?: readonly string[]): string | null {
  const v = block.value;
  const has = (key: string) => typeof v[key] === 'string' && (v[key] as string).trim() !== '';
  const link = (key: string) => (has(key) ? linkProblem(linkKindOf(v[key] as string), v[key] as string, pagePaths) : null);
  switch (block.type) {
    case BLOCK.image:
      if (!has('imageId')) return 'Choose an image for this block.';
      if (has('link')) return link('link');
      break;
    case BLOCK.gallery:
      if (!Array.isArray(v.imageIds) || v.imageIds.length === 0) return 'Choose at least one image for this gallery.';
      break;
    case BLOCK.product:
      if (!has('productId')) return 'Choose a product for this block.';
      break;
    case BLOCK.form:
      if (!has('formId')) return 'Choose the form this block shows.';
      break;
    case BLOCK.summary:
    case 20:
      if (!has('collectionId')) return 'Choose the collection this summary shows.';
      break;
    case BLOCK.button:
      if (!has('label')) return 'Enter the text of the button.';
      if (!has('url')) return 'Enter where the button links to.';
      return link('url');
    case BLOCK.quote:
      if (!has('text')) return 'Enter the quotation.';
      break;
    case BLOCK.video:
      if (!has('url')) return 'Enter the link to the video.';
      return link('url');
    case BLOCK.map: {
      const location = v.location as { mapLat?: unknown; mapLng?: unknown } | undefined;
      if (typeof location?.mapLat !== 'number' || typeof location?.mapLng !== 'number') return 'Enter the latitude and longitude of the place.';
      if (Math.abs(location.mapLat) > 90 || Math.abs(location.mapLng) > 180) return 'The latitude must be from -90 to 90 and the longitude from -180 to 180.';
      break;
    }
    case BLOCK.accordion:
      if (!Array.isArray(v.items) || v.items.length === 0) return 'Add at least one item to the accordion.';
      if ((v.items as { title?: string }[]).some((i) => !i.title?.trim())) return 'Give every accordion item a title.';
      break;
    case BLOCK.spacer:
      if (v.height !== undefined && !(typeof v.height === 'number' && Number.isFinite(v.height) && v.height >= 0 && v.height <= 10_000)) {
        return 'The height must be a number of pixels from 0 to 10000.';
      }
      break;
    default:
      break;
  }
  const invalid = checkBlock(block, 0);
  return invalid ? `This ${blockLabel(block).toLowerCase()} block cannot be saved: ${invalid.message.replace(/^Block 1: /, '')}` : null;
}

/** The first block that cannot be saved, with its position and what is wrong. */
export function firstBlockProblem(blocks: readonly EditorBlock[], pagePaths?: readonly string[]): { id: string; index: number; message: string } | null {
  for (const [index, block] of blocks.entries()) {
    const message = blockProblem(block, pagePaths);
    if (message) return { id: block.id, index, message };
  }
  return null;
}
