import { BLOCK_TYPES, domainError, hasPermission, type Block } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import { MARKUP_BLOCK_TYPES, sanitizeBlockValue, sanitizeRichText } from '../security/html-sanitizer';

/**
 * The write-time half of the rich-text defence for the site (the render-time half is
 * `theme/safe-html.ts`): html fields are stored only after the allow-list sanitizer, embed and
 * code blocks and html blocks' layout markup are the admin's alone (`blocks.code`). See docs/SECURITY.md.
 */

/** A text field that holds html, sanitized (undefined and null pass through). */
export function richText<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? sanitizeRichText(value) : value) as T;
}

/**
 * Requested blocks as they may be stored by an owner with `roles`, every html field sanitized.
 * `blocks.code` (the admin) writes any block, an html block's markup through the wider admin
 * policy. Anyone else writes html blocks (the editor's Heading and Text) through the contributor
 * policy, formatting only, and gets 403 FORBIDDEN for an embed or code block of `requested` that is
 * not in `current` exactly as it was (so an editor can still edit the other blocks of a page that
 * holds one, or remove it; the admin's html blocks left as they were keep their markup).
 */
export function writableBlocks(roles: readonly string[], requested: Block[], current: Block[] = []): Block[] {
  const mayWriteMarkup = hasPermission(roles, 'blocks.code');
  const before = new Map(current.map((b) => [b.id, JSON.stringify([b.type, b.value])]));
  return requested.map((block) => {
    const value = sanitizeBlockValue(block.type, block.value);
    if (mayWriteMarkup || before.get(block.id) === JSON.stringify([block.type, value])) return { ...block, value };
    if (MARKUP_BLOCK_TYPES.has(block.type)) {
      const name = BLOCK_TYPES[block.type] ?? String(block.type);
      throw new DomainException(
        domainError('FORBIDDEN', { requiredPermission: 'blocks.code', blockId: block.id, blockType: name }, `Only an admin can add or change ${name} blocks.`),
      );
    }
    return { ...block, value: typeof value.html === 'string' ? { ...value, html: sanitizeRichText(value.html) } : value };
  });
}
