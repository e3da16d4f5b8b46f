import { createContext, useContext } from 'react';
import type { LayoutLink, NavigationName } from '@storefront/domain/site/navigation';
import type { LinkAt, Navs } from './page-tree';
import type { Collection } from './pages-api';

/** A row of the page tree: a link of a navigation (a page, folder or external link), or a page in neither. */
export type TreeRow =
  | { kind: 'link'; key: string; nav: NavigationName; at: LinkAt; link: LayoutLink; collection: Collection | null }
  | { kind: 'unlinked'; key: string; collection: Collection };

export type DropPosition = 'before' | 'after' | 'inside';

/** What a row may ask the Pages screen to do; the screen saves and announces. */
export type TreeActions = {
  navs: Navs;
  collectionsById: ReadonlyMap<string, Collection>;
  busy: boolean;
  shift(row: TreeRow, delta: -1 | 1): void;
  openMove(row: TreeRow): void;
  rename(row: TreeRow, name: string): Promise<boolean>;
  removeFromNavigation(row: TreeRow): void;
  setPublished(collection: Collection, publish: boolean): void;
  setHome(collection: Collection): void;
  remove(collection: Collection): void;
  expanded: ReadonlySet<string>;
  toggleItems(collectionId: string): void;
  /** Drag and drop: the row being dragged, and where a drop would go. */
  dragging: TreeRow | null;
  dropHint: { key: string; position: DropPosition } | null;
  startDrag(row: TreeRow): void;
  dragOverRow(row: TreeRow, position: DropPosition): boolean;
  dropOnRow(row: TreeRow, position: DropPosition): void;
  endDrag(): void;
  announce(message: string): void;
};

export const TreeContext = createContext<TreeActions | null>(null);

export function useTree(): TreeActions {
  const tree = useContext(TreeContext);
  if (!tree) throw new Error('useTree needs the Pages screen');
  return tree;
}
