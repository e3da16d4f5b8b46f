import { BLOCK_TYPES, domainError, hasPermission, type Block } from '@storefront/domain';
import { DomainException } from '../infrastructure/http/domain-exception';
import { RAW_BLOCK_TYPES, sanitizeBlockValue, sanitizeRichText } from '../security/html-sanitizer';

/**
 * The write-time half of the rich-text defence for the site (the render-time half is
 * `theme/safe-html.ts`): html fields are stored only after the allow-list sanitizer, and raw
 * markup blocks (html, embed, code) are the admin's alone (`blocks.code`). See docs/SECURITY.md.
 */

/** A text field that holds html, sanitized (undefined and null pass through). */
export function richText<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? sanitizeRichText(value) : value) as T;
}

/** Blocks with every html field of their values sanitized. */
export function sanitizeBlocks(blocks: Block[]): Block[] {
  return blocks.map((b) => ({ ...b, value: sanitizeBlockValue(b.type, b.value) }));
}

/**
 * Only `blocks.code` (the admin) may add or change an html, embed or code block: anyone else gets 403 FORBIDDEN
 * when such a block of `next` is not in `current` exactly as it was (so an editor can still edit
 * the other blocks of a page that holds one, and remove it).
 */
export function requireRawBlockRights(roles: readonly string[], next: Block[], current: Block[] = []): void {
  if (hasPermission(roles, 'blocks.code')) return;
  const before = new Map(current.map((b) => [b.id, JSON.stringify([b.type, b.value])]));
  const changed = next.find((b) => RAW_BLOCK_TYPES.has(b.type) && before.get(b.id) !== JSON.stringify([b.type, b.value]));
  if (changed) {
    const name = BLOCK_TYPES[changed.type] ?? String(changed.type);
    throw new DomainException(
      domainError('FORBIDDEN', { requiredPermission: 'blocks.code', blockId: changed.id, blockType: name }, `Only an admin can add or change ${name} blocks.`),
    );
  }
}
