import { accept, reject, type Decider, type Decision, type DomainError } from '../shared/decider';
import { domainError } from '../shared/error-catalogue';
import { differingFields, versionNotFound } from '../shared/history';
import {
  applyItemChanges, checkWorkflow, CONTENT_ITEM_RESTORED_FIELDS, validateContentItem, type ContentItemChanges, type ContentItemDetails, type WorkflowState,
} from './content-item';
import type { ContentItemEvent } from './events';
import { epochMs } from './site-limits';

/** A blog post, event or gallery image (stream `content-item-<id>`). */
export type ContentItemState =
  | { status: 'none' }
  | { status: 'active'; item: ContentItemDetails }
  | { status: 'deleted'; itemId: string; collectionId: string };

export const initialContentItemState = (): ContentItemState => ({ status: 'none' });

export type CreateContentItem = { type: 'CreateContentItem'; data: { item: ContentItemDetails; now: string } };
export type EditContentItem = { type: 'EditContentItem'; data: { itemId: string; changes: ContentItemChanges; now: string } };
export type ChangeContentItemWorkflow = {
  type: 'ChangeContentItemWorkflow';
  data: { itemId: string; workflowState: WorkflowState; publishOn: number | null; now: string };
};
export type DeleteContentItem = { type: 'DeleteContentItem'; data: { itemId: string; now: string } };
/**
 * Brings back an earlier version (issue 12): `target` is the stream's state at `restoredVersion`,
 * its URL id the one the collection granted. Appends ContentItemRestored with what differs.
 */
export type RestoreContentItem = { type: 'RestoreContentItem'; data: { itemId: string; restoredVersion: number; target: ContentItemState; now: string } };
export type ContentItemCommand = CreateContentItem | EditContentItem | ChangeContentItemWorkflow | DeleteContentItem | RestoreContentItem;

export function evolveContentItem(state: ContentItemState, event: ContentItemEvent): ContentItemState {
  if (event.type === 'ContentItemCreated') return state.status === 'none' ? { status: 'active', item: event.data.item } : state;
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'ContentItemEdited':
      return { status: 'active', item: { ...applyItemChanges(state.item, event.data.changes), updatedOn: epochMs(event.data.editedAt) } };
    case 'ContentItemWorkflowChanged': {
      const { workflowState, publishOn, changedAt } = event.data;
      return { status: 'active', item: { ...state.item, workflowState, publishOn, updatedOn: epochMs(changedAt) } };
    }
    case 'ContentItemDeleted':
      return { status: 'deleted', itemId: state.item.id, collectionId: state.item.collectionId };
    case 'ContentItemRestored':
      return { status: 'active', item: { ...applyItemChanges(state.item, event.data.changes), updatedOn: epochMs(event.data.restoredAt) } };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * A publish state and time the item may move to at `now`: Scheduled only for a future time,
 * Published for now or a past time.
 */
export function checkWorkflowAt(workflowState: WorkflowState, publishOn: number | null, now: string): DomainError | null {
  const invalid = checkWorkflow(workflowState, publishOn);
  if (invalid) return invalid;
  const nowMs = epochMs(now);
  if (workflowState === 'Scheduled' && publishOn !== null && publishOn <= nowMs) return domainError('SCHEDULE_IN_PAST', { publishOn });
  if (workflowState === 'Published' && publishOn !== null && publishOn > nowMs) return domainError('SCHEDULE_IN_PAST', { publishOn }, 'A published item cannot have a future publish date: schedule it instead.');
  return null;
}

export function decideContentItem(command: ContentItemCommand, state: ContentItemState): Decision<ContentItemEvent, DomainError> {
  if (command.type === 'CreateContentItem') {
    const { item, now } = command.data;
    if (state.status !== 'none') return reject(domainError('ITEM_ALREADY_EXISTS', { itemId: item.id }));
    const invalid = validateContentItem(item) || checkWorkflowAt(item.workflowState, item.publishOn, now);
    return invalid ? reject(invalid) : accept({ type: 'ContentItemCreated', data: { item } });
  }
  if (state.status !== 'active') return reject(domainError('ITEM_NOT_FOUND', { itemId: command.data.itemId }));
  const item = state.item;
  switch (command.type) {
    case 'EditContentItem': {
      const { itemId, changes, now } = command.data;
      const invalid = validateContentItem(applyItemChanges(item, changes));
      if (invalid) return reject(invalid);
      const changed: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(changes)) {
        if (value !== undefined && JSON.stringify((item as Record<string, unknown>)[key]) !== JSON.stringify(value)) changed[key] = value;
      }
      if (Object.keys(changed).length === 0) return accept();
      return accept({ type: 'ContentItemEdited', data: { itemId, changes: changed as ContentItemChanges, editedAt: now } });
    }
    case 'ChangeContentItemWorkflow': {
      const { itemId, workflowState, publishOn, now } = command.data;
      const invalid = checkWorkflowAt(workflowState, publishOn, now);
      if (invalid) return reject(invalid);
      if (item.workflowState === workflowState && item.publishOn === publishOn) return accept();
      return accept({ type: 'ContentItemWorkflowChanged', data: { itemId, workflowState, publishOn, changedAt: now } });
    }
    case 'DeleteContentItem':
      return accept({ type: 'ContentItemDeleted', data: { itemId: item.id, collectionId: item.collectionId, deletedAt: command.data.now } });
    case 'RestoreContentItem': {
      const { itemId, restoredVersion, target, now } = command.data;
      if (target.status !== 'active' || target.item.kind !== item.kind) return reject(versionNotFound(restoredVersion));
      const changes = differingFields(item, target.item, CONTENT_ITEM_RESTORED_FIELDS) as ContentItemChanges;
      const invalid = validateContentItem(applyItemChanges(item, changes));
      if (invalid) return reject(invalid);
      if (Object.keys(changes).length === 0) return accept();
      return accept({ type: 'ContentItemRestored', data: { itemId, restoredVersion, changes, restoredAt: now } });
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled content item command ${JSON.stringify(unhandled)}`);
    }
  }
}

export const contentItemDecider: Decider<ContentItemCommand, ContentItemState, ContentItemEvent, DomainError> = {
  initialState: initialContentItemState,
  evolve: evolveContentItem,
  decide: decideContentItem,
};
