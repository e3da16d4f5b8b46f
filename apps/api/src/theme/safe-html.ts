/**
 * Render-time half of the rich-text defence (the write-time half is in the command handlers): every
 * field of a page context that the theme prints as raw html goes through the allow-list sanitizer
 * before any template sees it, whatever was stored (events written before sanitizing on write,
 * a field a block keeps as given, a record from another context). See docs/SECURITY.md.
 */
import { sanitizeBlockValue, sanitizeItemHtml, sanitizeRichText } from '../security/html-sanitizer';
import type { PageContext } from './page-context';

export function sanitizePageHtml(context: PageContext): PageContext {
  const out = { ...context } as PageContext & Record<string, unknown>;
  const headerFooter = context.headerFooter as { header?: unknown; footer?: unknown } | undefined;
  if (headerFooter) {
    out.headerFooter = {
      ...headerFooter,
      header: typeof headerFooter.header === 'string' ? sanitizeRichText(headerFooter.header) : '',
      footer: typeof headerFooter.footer === 'string' ? sanitizeRichText(headerFooter.footer) : '',
    } as PageContext['headerFooter'];
  }
  if (context.collection) {
    const collection = { ...context.collection };
    if (typeof collection.description === 'string') collection.description = sanitizeRichText(collection.description);
    if (Array.isArray(collection.layout?.blocks)) {
      collection.layout = { ...collection.layout, blocks: collection.layout.blocks.map((b) => ({ ...b, value: sanitizeBlockValue(b.type, b.value ?? {}) })) };
    }
    out.collection = collection;
  }
  if (Array.isArray(context.items)) out.items = context.items.map(sanitizeItemHtml);
  if (context.item) out.item = sanitizeItemHtml(context.item);
  if (context.search && Array.isArray(context.search.results)) out.search = { ...context.search, results: context.search.results.map(sanitizeItemHtml) };
  return out;
}
