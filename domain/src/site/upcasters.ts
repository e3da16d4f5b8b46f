import type { EventUpcaster, VersionedEvent } from '../shared/upcasting';
import type { WorkflowState } from './content-item';
import { epochMs } from './site-limits';

/**
 * Version 1 of a collection's details had `published: boolean` (false hid the page) and no SEO
 * fields. Version 2 gives a page the items' publish states (SPEC 4 'Content statuses'): a page that
 * was published is Published since it was created (or since the change), an unpublished one is a
 * Draft; the SEO title and description start empty (the page's title and description stand in).
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function workflowOf(published: unknown, since: unknown): { workflowState: WorkflowState; publishOn: number | null } {
  if (published === false) return { workflowState: 'Draft', publishOn: null };
  const ms = typeof since === 'string' ? epochMs(since) : NaN;
  return { workflowState: 'Published', publishOn: Number.isFinite(ms) ? ms : null };
}

/** CollectionCreated v1 → v2: `published` becomes a publish state; empty SEO fields. */
export const collectionCreatedV1ToV2: EventUpcaster = {
  type: 'CollectionCreated',
  fromVersion: 1,
  upcast(event: VersionedEvent): VersionedEvent {
    const data = isObject(event.data) ? event.data : {};
    const collection = isObject(data.collection) ? data.collection : null;
    if (collection === null || 'workflowState' in collection) return { ...event, schemaVersion: 2 };
    const { published, ...rest } = collection;
    return {
      type: 'CollectionCreated',
      schemaVersion: 2,
      data: { ...data, collection: { ...rest, ...workflowOf(published, collection.createdAt), seoTitle: '', seoDescription: '' } },
    };
  },
};

/** CollectionDetailsChanged v1 → v2: a change of `published` becomes a change of publish state at the change's time. */
export const collectionDetailsChangedV1ToV2: EventUpcaster = {
  type: 'CollectionDetailsChanged',
  fromVersion: 1,
  upcast(event: VersionedEvent): VersionedEvent {
    const data = isObject(event.data) ? event.data : {};
    const changes = isObject(data.changes) ? data.changes : null;
    if (changes === null || !('published' in changes)) return { ...event, schemaVersion: 2 };
    const { published, ...rest } = changes;
    const workflow = typeof published === 'boolean' ? workflowOf(published, data.changedAt) : {};
    return { type: 'CollectionDetailsChanged', schemaVersion: 2, data: { ...data, changes: { ...rest, ...workflow } } };
  },
};
