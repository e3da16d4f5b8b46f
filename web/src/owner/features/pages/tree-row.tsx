import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MenuButton, type MenuAction } from '../../ui/menu';
import { CollectionItems } from './collection-items';
import { KindIcon } from './kind-icon';
import { contentEditorPath, countOf, itemNoun, KIND_LABELS, pageName, settingsPath, statusLabel, statusTone } from './page-labels';
import { linkLabel, siblingsOf } from './page-tree';
import { useTree, type DropPosition, type TreeRow } from './tree-context';
import { useNow } from './use-now';

export const MOVE_HELP_ID = 'pg-move-help';

/**
 * One row of the page tree: the handle (drag it, or press Alt with the up or down arrow, or
 * Enter to choose a place), what the row is, its status and place, and its actions. A folder's
 * links are its children; a blog, calendar or gallery can show its items beneath it.
 */
export function TreeRowItem({ row, children }: { row: TreeRow; children?: ReactNode }) {
  const tree = useTree();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const moreRef = useRef<HTMLDivElement>(null);
  const c = row.collection;
  const link = row.kind === 'link' ? row.link : null;
  const label = link ? linkLabel(link, tree.collectionsById) : c ? pageName(c) : 'Link';
  const noun = c ? itemNoun(c.typeName) : null;
  const expanded = c ? tree.expanded.has(c.id) : false;
  const index = row.kind === 'link' ? row.at.path[row.at.path.length - 1]! : 0;
  const siblings = row.kind === 'link' ? siblingsOf(tree.navs, row.at).length : 0;
  const now = useNow();
  const live = c ? statusTone(c.workflowState, c.publishOn, now) === 'live' : false;

  const hint = tree.dropHint?.key === row.key ? tree.dropHint.position : null;
  const className = ['pg-row', tree.dragging?.key === row.key ? 'pg-dragging' : '', hint ? `pg-drop-${hint}` : ''].filter(Boolean).join(' ');

  const actions: MenuAction[] = [
    { label: 'Rename', onSelect: () => setRenaming(true) },
    ...(c ? [{ label: 'Page settings', onSelect: () => void navigate(settingsPath(c.id)) }] : []),
    { label: 'Move to…', onSelect: () => tree.openMove(row) },
    ...(row.kind === 'link'
      ? [
          { label: 'Move up', onSelect: () => tree.shift(row, -1), disabled: index === 0 },
          { label: 'Move down', onSelect: () => tree.shift(row, 1), disabled: index >= siblings - 1 },
        ]
      : []),
    ...(c
      ? [
          live
            ? { label: 'Unpublish (make it a draft)', onSelect: () => tree.setPublished(c, false) }
            : { label: 'Publish now', onSelect: () => tree.setPublished(c, true) },
          ...(!c.folder && !c.isHome ? [{ label: 'Set as home page', onSelect: () => tree.setHome(c) }] : []),
        ]
      : []),
    ...(row.kind === 'link' && c ? [{ label: 'Remove from navigation', onSelect: () => tree.removeFromNavigation(row) }] : []),
    ...(row.kind === 'link' && !c ? [{ label: 'Delete link', onSelect: () => tree.removeFromNavigation(row), danger: true }] : []),
    ...(c ? [{ label: c.folder ? 'Delete folder' : 'Delete page', onSelect: () => tree.remove(c), danger: true }] : []),
  ];

  const position = (e: React.DragEvent<HTMLElement>): DropPosition => {
    const rect = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - rect.top) / Math.max(rect.height, 1);
    const folderTarget = c?.folder === true && row.kind === 'link' && row.at.path.length === 1;
    if (folderTarget && tree.dragging && !tree.dragging.collection?.folder) return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'inside';
    return y < 0.5 ? 'before' : 'after';
  };

  return (
    <li
      className={className}
      data-row-key={row.key}
      draggable={!renaming && !tree.busy}
      onDragStart={(e) => {
        e.stopPropagation();
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', label);
        tree.startDrag(row);
      }}
      onDragEnd={(e) => {
        e.stopPropagation();
        tree.endDrag();
      }}
      onKeyDown={(e) => {
        if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || renaming) return;
        e.preventDefault();
        e.stopPropagation();
        if (row.kind === 'link') tree.shift(row, e.key === 'ArrowUp' ? -1 : 1);
        else tree.announce(`${label} is not linked: choose Move to… to put it in a navigation.`);
      }}
    >
      <div
        className="pg-row-main"
        onDragOver={(e) => {
          if (!tree.dragging) return;
          e.stopPropagation();
          if (tree.dragOverRow(row, position(e))) {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          }
        }}
        onDrop={(e) => {
          if (!tree.dragging) return;
          e.preventDefault();
          e.stopPropagation();
          tree.dropOnRow(row, position(e));
        }}
      >
        <button
          type="button"
          className="pg-handle"
          aria-label={`Move ${label}`}
          aria-describedby={MOVE_HELP_ID}
          onClick={() => tree.openMove(row)}
        >
          <span aria-hidden="true">⋮⋮</span>
        </button>
        <span className={`pg-kind ${kindClass(row)}`} aria-hidden="true">
          <KindIcon kind={c ? c.typeName : 'link'} />
        </span>
        <div className="pg-row-text">
          {renaming ? (
            <RenameForm
              label={label}
              onCancel={() => {
                setRenaming(false);
                focusMore(moreRef);
              }}
              onSave={async (name) => {
                if (await tree.rename(row, name)) {
                  setRenaming(false);
                  focusMore(moreRef);
                }
              }}
            />
          ) : (
            <span className="pg-row-title">
              {c && c.typeName === 'page' ? <Link to={contentEditorPath(c.id)}>{label}</Link> : c ? <Link to={settingsPath(c.id)}>{label}</Link> : label}
            </span>
          )}
          <span className="pg-row-meta">
            <span>{c ? KIND_LABELS[c.typeName] : link?.newWindow ? 'Link, opens in a new window' : 'Link'}</span>
            <span className="pg-url">{c ? (c.isHome ? '/' : c.fullUrl) : link?.externalLink}</span>
            {c && !live && <span className={`pg-badge pg-badge-${statusTone(c.workflowState, c.publishOn, now)}`}>{statusLabel(c.workflowState, c.publishOn, now)}</span>}
            {c?.isHome && <span className="pg-badge pg-badge-home">Home page</span>}
            {c?.passwordProtected && <span className="pg-badge">Locked</span>}
            {c?.membersOnly && <span className="pg-badge">Members only</span>}
            {link?.title && c && <span className="pg-badge" title="This navigation shows its own title for the page">Titled “{link.title}” here</span>}
          </span>
        </div>
        <div className="pg-row-actions" ref={moreRef}>
          {c && c.typeName === 'page' && (
            <Link className="ow-button" to={contentEditorPath(c.id)} aria-label={`Edit ${label}`}>
              Edit
            </Link>
          )}
          {c && c.typeName === 'products' && (
            <Link className="ow-button" to="/products" aria-label={`Products of ${label}`}>
              Products
            </Link>
          )}
          {c && noun && (
            <button type="button" className="ow-button" aria-expanded={expanded} onClick={() => tree.toggleItems(c.id)} aria-label={`${expanded ? 'Hide' : 'Show'} the ${noun.many} of ${label}`}>
              {countOf(c.itemCount, noun)}
            </button>
          )}
          <MenuButton label={`More actions for ${label}`} actions={actions} />
        </div>
      </div>
      {c && noun && expanded && <CollectionItems collection={c} />}
      {children}
    </li>
  );
}

function RenameForm({ label, onSave, onCancel }: { label: string; onSave: (name: string) => Promise<void>; onCancel: () => void }) {
  const [name, setName] = useState(label);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <form
      className="pg-rename"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(name);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <input ref={input} value={name} aria-label={`New name for ${label}`} maxLength={200} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="ow-button ow-primary">
        Save name
      </button>
      <button type="button" className="ow-button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function focusMore(ref: React.RefObject<HTMLDivElement | null>) {
  requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus());
}

function kindClass(row: TreeRow): string {
  if (!row.collection) return 'pg-kind-link';
  if (row.collection.folder) return 'pg-kind-folder';
  return row.collection.typeName === 'page' ? '' : 'pg-kind-collection';
}
