import type { WorkflowState } from '@storefront/domain/site/content-item';
import type { Collection, CollectionKind } from './pages-api';

/** Words the Pages screens show for kinds, statuses and items. */
export const KIND_LABELS: Record<CollectionKind, string> = {
  page: 'Page', blog: 'Blog', events: 'Events', gallery: 'Gallery', products: 'Store', folder: 'Folder',
};

/** What a collection holds, singular and plural ("post", "posts"); null for pages, stores and folders. */
export function itemNoun(kind: CollectionKind): { one: string; many: string } | null {
  if (kind === 'blog') return { one: 'post', many: 'posts' };
  if (kind === 'events') return { one: 'event', many: 'events' };
  if (kind === 'gallery') return { one: 'image', many: 'images' };
  return null;
}

export function countOf(n: number, noun: { one: string; many: string }): string {
  return `${n} ${n === 1 ? noun.one : noun.many}`;
}

/** A date and time in the owner's browser ("Dec 1, 2026, 9:00 AM"). */
export function formatWhen(ms: number): string {
  return new Date(ms).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** SPEC 4 'Content statuses' as a label: Published, Scheduled for a time, Draft, Needs Review, Private. */
export function statusLabel(state: WorkflowState, publishOn: number | null, now: number): string {
  if (state === 'Scheduled' && publishOn !== null) return publishOn <= now ? 'Published' : `Scheduled for ${formatWhen(publishOn)}`;
  return state;
}

/** The status badge's colour class. */
export function statusTone(state: WorkflowState, publishOn: number | null, now: number): 'live' | 'scheduled' | 'hidden' {
  if (state === 'Published' || (state === 'Scheduled' && publishOn !== null && publishOn <= now)) return 'live';
  return state === 'Scheduled' ? 'scheduled' : 'hidden';
}

/** What the status options mean, for the settings form. */
export const STATUS_HINTS: Record<WorkflowState, string> = {
  Published: 'Visitors can see it now.',
  Scheduled: 'Visitors can see it from the date and time you choose.',
  Draft: 'Only you and other editors can see it.',
  'Needs Review': 'Hidden from visitors until someone reviews and publishes it.',
  Private: 'Hidden from visitors; kept for editors.',
};

/** The editor of a page or a post (the block editor with live preview). */
export const contentEditorPath = (id: string) => `/pages/${encodeURIComponent(id)}/content`;
export const settingsPath = (id: string) => `/pages/${encodeURIComponent(id)}/settings`;

export function pageName(c: Pick<Collection, 'navigationTitle' | 'title'>): string {
  return c.navigationTitle || c.title;
}
