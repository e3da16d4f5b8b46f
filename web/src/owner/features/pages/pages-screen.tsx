import { useEffect, useMemo, useRef, useState } from 'react';
import type { NavigationName } from '@storefront/domain/site/navigation';
import { externalLink } from '@storefront/domain/site/navigation';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useConfirm } from '../../ui/confirm-dialog';
import { EditConflictNotice, useEditConflict } from '../../ui/edit-conflict';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { HistoryButton } from '../history/history-button';
import { PastSiteForm } from '../history/past-site';
import { AddLinkDialog, AddPageDialog, MoveDialog, titleProblem, type NewLink, type NewPage } from './page-dialogs';
import { countOf, itemNoun, KIND_LABELS, pageName } from './page-labels';
import {
  addLink, collectionLink, describePlace, destinationsFor, findLink, linkedIds, linkKey, linkLabel, moveLink, NAV_LABELS, NAV_NAMES, navsOf,
  removeLink, renameLink, shiftLink, unlinkedCollections, type Destination, type DestinationChoice, type Navs,
} from './page-tree';
import {
  pagesApi, useCreateCollectionMutation, useDeleteCollectionMutation, useEditCollectionMutation, useGetSiteLayoutQuery, useListCollectionsQuery,
  useSetHomePageMutation, useUpdateNavigationMutation, type Collection,
} from './pages-api';
import { PagesTabs } from './pages-tabs';
import { TreeContext, type DropPosition, type TreeActions, type TreeRow } from './tree-context';
import { MOVE_HELP_ID, TreeRowItem } from './tree-row';
import { SITE_LIMITS } from '@storefront/domain/site/site-limits';
import './pages.css';

type OpenDialog = { kind: 'add-page' } | { kind: 'add-link'; nav: NavigationName } | { kind: 'move'; row: TreeRow } | null;

const NAV_HINTS: Record<NavigationName, string> = {
  mainNav: 'Across the top of every page.',
  secondaryNav: 'In the footer of every page.',
};

/**
 * /config/pages: the site's page tree. The main and secondary navigations (pages, folders with
 * their pages, external links) and the pages in neither. Pages are added, renamed, moved (drag
 * and drop; Alt with the up or down arrow; "Move to…"), published, unpublished and deleted here;
 * each change is saved at once (SPEC 7 UpdateNavigation for the navigations) and announced.
 */
export function PagesScreen() {
  const collectionsQuery = useListCollectionsQuery();
  const layoutQuery = useGetSiteLayoutQuery();
  const [updateNavigation] = useUpdateNavigationMutation();
  const [createCollection] = useCreateCollectionMutation();
  const [editCollection] = useEditCollectionMutation();
  const [setHomePage] = useSetHomePageMutation();
  const [deleteCollection] = useDeleteCollectionMutation();
  const { confirm } = useConfirm();
  const dispatch = useAppDispatch();
  // The navigations and the home page are saved based on the site layout's version (If-Match); a
  // refused save offers to read the pages again or to save the same change on top.
  const conflicts = useEditConflict(async () => {
    setError(null);
    await Promise.all([layoutQuery.refetch(), collectionsQuery.refetch()]);
  });

  const [announcement, setAnnouncement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [dragging, setDragging] = useState<TreeRow | null>(null);
  const [dropHint, setDropHint] = useState<{ key: string; position: DropPosition } | null>(null);
  const [dropSection, setDropSection] = useState<NavigationName | 'unlinked' | null>(null);
  const focusKey = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const collections = useMemo(() => collectionsQuery.data ?? [], [collectionsQuery.data]);
  const byId = useMemo(() => new Map(collections.map((c) => [c.id, c])), [collections]);
  const navs = useMemo(() => navsOf(layoutQuery.data), [layoutQuery.data]);
  const unlinked = useMemo(() => unlinkedCollections(collections, navs), [collections, navs]);
  const pastPages = useMemo(() => collections.filter((c) => !c.folder).map((c) => ({ path: c.isHome ? '/' : c.fullUrl, title: pageName(c) })), [collections]);

  // Focus follows a row moved by the keyboard (or a new page) to its new place, and stays there
  // while the change is saved (moving a row's element in the page drops its focus).
  useEffect(() => {
    if (!focusKey.current) return;
    const row = [...document.querySelectorAll<HTMLElement>('[data-row-key]')].find((el) => el.dataset.rowKey === focusKey.current);
    const handle = row?.querySelector<HTMLElement>('.pg-handle');
    if (handle && document.activeElement !== handle) handle.focus();
    if (handle && !busy) focusKey.current = null;
  });

  if (collectionsQuery.isLoading || layoutQuery.isLoading) return <Loading what="your pages" />;
  if (!collectionsQuery.data || !layoutQuery.data) {
    return (
      <>
        <PageHeader title="Pages" />
        <Alert>
          {errorMessage(collectionsQuery.error ?? layoutQuery.error, 'Unable to load content.')}{' '}
          <button
            type="button"
            className="ow-link-button"
            onClick={() => {
              void collectionsQuery.refetch();
              void layoutQuery.refetch();
            }}
          >
            Try again
          </button>
        </Alert>
      </>
    );
  }

  const templateOf = (name: NavigationName) => layoutQuery.data?.navigations.find((n) => n.name === name)?.templateId ?? null;
  const labelOf = (row: TreeRow) => (row.kind === 'link' ? linkLabel(row.link, byId) : pageName(row.collection));
  const announce = (message: string) => setAnnouncement(message);

  /**
   * Saves the navigations that changed, in order, based on the layout's version (or `basedOnVersion`:
   * applied on top of someone else's change); false (and the server's words) when one is refused.
   */
  const saveNavs = async (next: Navs, message: string, focus?: string, basedOnVersion?: number | null): Promise<boolean> => {
    const changed = NAV_NAMES.filter((n) => JSON.stringify(next[n]) !== JSON.stringify(navs[n]));
    setError(null);
    conflicts.dismiss();
    setBusy(true);
    if (focus) focusKey.current = focus;
    try {
      let version = basedOnVersion ?? layoutQuery.data?.version ?? null;
      for (const name of changed) version = (await updateNavigation({ name, templateId: templateOf(name), links: next[name], version }).unwrap()).version ?? null;
      announce(message);
      return true;
    } catch (e) {
      focusKey.current = null;
      if (conflicts.caught(e, (current) => saveNavs(next, message, focus, current))) {
        announce('');
        return false;
      }
      setError(errorMessage(e, 'The navigation could not be saved. Please try again.'));
      announce('');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const subjectOf = (row: TreeRow) =>
    row.kind === 'link'
      ? { collectionId: row.link.collectionId, folder: row.collection?.folder ?? false, from: row.at }
      : { collectionId: row.collection.id, folder: row.collection.folder, from: null };

  /** The navigations after `row` goes to `to`, and the key its row will have; null when nothing changes. */
  const placed = (row: TreeRow, to: Destination): { next: Navs; key: string | null } | null => {
    if (row.kind === 'unlinked') {
      if (to.nav === 'unlinked') return null;
      const link = collectionLink(row.collection.id);
      return { next: addLink(navs, to, link), key: linkKey(to.nav, link) };
    }
    const next = moveLink(navs, row.at, to);
    return next ? { next, key: to.nav === 'unlinked' ? `unlinked:${row.link.collectionId}` : linkKey(to.nav, row.link) } : null;
  };

  /** Whether `row` may go to `to`: a page once per navigation, no folder in a folder, at most 100 links in a list. */
  const allowed = (row: TreeRow, to: Destination): boolean => {
    const subject = subjectOf(row);
    if (to.nav === 'unlinked') return row.kind === 'link' && subject.collectionId !== null;
    if (subject.folder && to.parent !== null) return false;
    const withinNav = row.kind === 'link' && row.nav === to.nav;
    if (subject.collectionId !== null && !withinNav && linkedIds(navs[to.nav]).has(subject.collectionId)) return false;
    const list = to.parent === null ? navs[to.nav] : (navs[to.nav][to.parent]?.children ?? []);
    const sameList = withinNav && row.kind === 'link' && (row.at.path.length === 1 ? to.parent === null : to.parent === row.at.path[0]);
    return sameList || list.length < SITE_LIMITS.linksPerNavigation;
  };

  const moveTo = async (row: TreeRow, to: Destination) => {
    const name = labelOf(row);
    const result = placed(row, to);
    if (!result) return announce(`${name} is already there.`);
    if (to.nav === 'unlinked') {
      await saveNavs(result.next, `${name} is not linked now: it is still a page, listed under Not linked.`, result.key ?? undefined);
      return;
    }
    const at = result.key ? findLink(result.next, result.key) : null;
    await saveNavs(result.next, at ? `${name} moved to ${describePlace(result.next, at, byId)}.` : `${name} moved.`, result.key ?? undefined);
  };

  const tree: TreeActions = {
    navs,
    collectionsById: byId,
    busy,
    expanded,
    dragging,
    dropHint,
    announce,
    shift(row, delta) {
      if (row.kind !== 'link' || busy) return;
      const name = labelOf(row);
      const shifted = shiftLink(navs, row.at, delta);
      if (!shifted) return announce(`${name} is already ${delta < 0 ? 'first' : 'last'} in its list.`);
      void saveNavs(shifted.navs, `${name} moved to ${describePlace(shifted.navs, shifted.at, byId)}.`, row.key);
    },
    openMove(row) {
      setDialog({ kind: 'move', row });
    },
    async rename(row, raw) {
      const name = raw.trim();
      const bad = titleProblem(name);
      if (bad) {
        setError(bad);
        return false;
      }
      if (row.kind === 'link' && row.link.title !== null) {
        return saveNavs(renameLink(navs, row.at, name), `Renamed to ${name}.`);
      }
      const c = row.collection!;
      setError(null);
      try {
        await editCollection({ id: c.id, changes: { navigationTitle: name === c.title ? '' : name } }).unwrap();
        announce(`Renamed to ${name}.`);
        return true;
      } catch (e) {
        setError(errorMessage(e, 'The new name could not be saved. Please try again.'));
        return false;
      }
    },
    removeFromNavigation(row) {
      if (row.kind !== 'link') return;
      const name = labelOf(row);
      void saveNavs(
        removeLink(navs, row.at),
        row.collection ? `${name} removed from the ${NAV_LABELS[row.nav].toLowerCase()}; the page itself stays.` : `Deleted the link ${name}.`,
      );
    },
    setPublished(c, publish) {
      setError(null);
      editCollection({ id: c.id, changes: { workflowState: publish ? 'Published' : 'Draft' } })
        .unwrap()
        .then(
          (saved) => announce(publish ? `Published ${pageName(saved)}: visitors see it at ${saved.isHome ? '/' : saved.fullUrl}.` : `${pageName(saved)} is a draft now: visitors no longer see it.`),
          (e: unknown) => setError(errorMessage(e, `${pageName(c)} could not be ${publish ? 'published' : 'unpublished'}. Please try again.`)),
        );
    },
    setHome(c) {
      const setHome = (version: number | null) => {
        setError(null);
        conflicts.dismiss();
        return setHomePage({ collectionId: c.id, version })
          .unwrap()
          .then(
            () => announce(`${pageName(c)} is the home page now, at /.`),
            (e: unknown) => {
              if (!conflicts.caught(e, setHome)) setError(errorMessage(e, 'The home page could not be changed. Please try again.'));
            },
          );
      };
      void setHome(layoutQuery.data?.version ?? null);
    },
    remove(c) {
      void removeCollection(c);
    },
    toggleItems(id) {
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      });
    },
    startDrag(row) {
      setDragging(row);
    },
    dragOverRow(target, position) {
      if (!dragging) return false;
      const to = dropDestination(target, position, dragging);
      const ok = to !== null && target.key !== dragging.key && allowed(dragging, to) && placed(dragging, to) !== null;
      setDropHint(ok ? { key: target.key, position } : null);
      setDropSection(null);
      return ok;
    },
    dropOnRow(target, position) {
      const row = dragging;
      tree.endDrag();
      if (!row) return;
      const to = dropDestination(target, position, row);
      if (to && target.key !== row.key && allowed(row, to)) void moveTo(row, to);
    },
    endDrag() {
      setDragging(null);
      setDropHint(null);
      setDropSection(null);
    },
  };

  async function removeCollection(c: Collection) {
    const noun = itemNoun(c.typeName);
    const what = c.folder ? 'folder' : KIND_LABELS[c.typeName].toLowerCase();
    const consequences = [
      c.folder ? 'The pages inside it stay, in its place in the navigation.' : `The ${what} and its content are deleted and it leaves every navigation.`,
      noun && c.itemCount > 0 ? `Its ${countOf(c.itemCount, noun)} are deleted with it.` : null,
      c.isHome ? 'It is the home page: the next page takes its place at /.' : null,
    ].filter(Boolean).join(' ');
    const ok = await confirm({ title: `Delete “${pageName(c)}”?`, message: consequences, confirmLabel: `Delete ${what}`, danger: true });
    if (!ok) return;
    setError(null);
    try {
      await deleteCollection(c.id).unwrap();
      announce(`Deleted ${pageName(c)}.`);
      headingRef.current?.focus();
    } catch (e) {
      setError(errorMessage(e, `${pageName(c)} could not be deleted. Please try again.`));
    }
  }

  const createPage = async ({ kind, title, to }: NewPage): Promise<string | null> => {
    try {
      const created = await createCollection({ kind, title, workflowState: 'Draft' }).unwrap();
      setDialog(null);
      const link = collectionLink(created.id);
      if (to.to.nav === 'unlinked') {
        focusKey.current = `unlinked:${created.id}`;
        announce(`Added ${title} as a draft at ${created.fullUrl}, not linked.`);
        return null;
      }
      // Adding the page moved the site layout on (its new address): the link is added to the layout as it is now.
      const layout = await dispatch(pagesApi.endpoints.getSiteLayout.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
      const saved = await saveNavs(
        addLink(navsOf(layout), to.to, link), `Added ${title} as a draft at ${created.fullUrl}, in the ${NAV_LABELS[to.to.nav].toLowerCase()}.`, linkKey(to.to.nav, link), layout.version ?? null,
      );
      if (!saved) announce(`Added ${title} as a draft, not linked.`);
      return null;
    } catch (e) {
      return errorMessage(e, 'The page could not be added. Please try again.');
    }
  };

  const addExternal = async ({ url, title, newWindow, to }: NewLink): Promise<string | null> => {
    if (to.to.nav === 'unlinked') return null;
    const link = externalLink(url, title, newWindow);
    const ok = await saveNavs(addLink(navs, to.to, link), `Added the link ${title} to the ${NAV_LABELS[to.to.nav].toLowerCase()}.`, linkKey(to.to.nav, link));
    if (ok) setDialog(null);
    return ok ? null : 'The link could not be added. Please try again.';
  };

  const sectionEnd = (target: NavigationName | 'unlinked'): Destination =>
    target === 'unlinked' ? { nav: 'unlinked' } : { nav: target, parent: null, index: navs[target].length };
  const onSectionDragOver = (target: NavigationName | 'unlinked', e: React.DragEvent) => {
    if (!dragging) return;
    const to = sectionEnd(target);
    if (allowed(dragging, to) && placed(dragging, to) !== null) {
      e.preventDefault();
      setDropSection(target);
      setDropHint(null);
    }
  };
  const onSectionDragLeave = (e: React.DragEvent) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node)) setDropSection(null);
  };
  const onSectionDrop = (target: NavigationName | 'unlinked', e: React.DragEvent) => {
    if (!dragging) return;
    e.preventDefault();
    const row = dragging;
    setDragging(null);
    setDropHint(null);
    setDropSection(null);
    const to = sectionEnd(target);
    if (allowed(row, to)) void moveTo(row, to);
  };

  const linkRows = (nav: NavigationName) =>
    navs[nav].map((link, i) => {
      const row: TreeRow = { kind: 'link', key: linkKey(nav, link), nav, at: { nav, path: [i] }, link, collection: link.collectionId ? byId.get(link.collectionId) ?? null : null };
      return (
        <TreeRowItem key={row.key} row={row}>
          {link.children.length > 0 && (
            <ul className="pg-subtree" aria-label={`In ${linkLabel(link, byId)}`}>
              {link.children.map((child, j) => {
                const childRow: TreeRow = {
                  kind: 'link', key: linkKey(nav, child), nav, at: { nav, path: [i, j] }, link: child, collection: child.collectionId ? byId.get(child.collectionId) ?? null : null,
                };
                return <TreeRowItem key={childRow.key} row={childRow} />;
              })}
            </ul>
          )}
        </TreeRowItem>
      );
    });

  const moveRow = dialog?.kind === 'move' ? dialog.row : null;

  return (
    <TreeContext.Provider value={tree}>
      <PageHeader
        title={
          <span ref={headingRef} tabIndex={-1}>
            Pages
          </span>
        }
        subtitle="Your site’s pages and the navigations visitors use to find them."
        actions={
          <>
            <a className="ow-button" href="/" target="_blank" rel="noopener">
              View site ↗
            </a>
            <HistoryButton subject={{ kind: 'layout' }} name="the navigation" title="History of the pages and navigation" label="Navigation history" path="/" pages={pastPages} />
            <button type="button" className="ow-button ow-primary" onClick={() => setDialog({ kind: 'add-page' })}>
              Add page
            </button>
          </>
        }
      />
      <PagesTabs />
      <p id={MOVE_HELP_ID} className="pg-visually-hidden">
        Press Enter to choose where it goes, or Alt with the up or down arrow to move it one place. You can also drag the row.
      </p>
      <p className="pg-status-line" role="status">
        {busy ? 'Saving…' : announcement}
      </p>
      {error && <Alert>{error}</Alert>}
      <EditConflictNotice state={conflicts} />

      {NAV_NAMES.map((nav) => (
        <section
          key={nav}
          className={dropSection === nav ? 'pg-section pg-drop-section' : 'pg-section'}
          aria-labelledby={`pg-${nav}-title`}
          onDragOver={(e) => onSectionDragOver(nav, e)}
          onDragLeave={onSectionDragLeave}
          onDrop={(e) => onSectionDrop(nav, e)}
        >
          <div className="pg-section-head">
            <div>
              <h2 id={`pg-${nav}-title`}>{NAV_LABELS[nav]}</h2>
              <p>
                {NAV_HINTS[nav]} {navs[nav].length} of {SITE_LIMITS.linksPerNavigation} links.
              </p>
            </div>
            <button type="button" className="ow-button" onClick={() => setDialog({ kind: 'add-link', nav })}>
              Add link
            </button>
          </div>
          {navs[nav].length === 0 ? (
            <p className="pg-empty">No links yet. Drag a page here, or choose Move to… on a page.</p>
          ) : (
            <ul className="pg-tree" aria-labelledby={`pg-${nav}-title`}>
              {linkRows(nav)}
            </ul>
          )}
        </section>
      ))}

      <section className={dropSection === 'unlinked' ? 'pg-section pg-drop-section' : 'pg-section'} aria-labelledby="pg-unlinked-title"
        onDragOver={(e) => onSectionDragOver('unlinked', e)}
        onDragLeave={onSectionDragLeave}
        onDrop={(e) => onSectionDrop('unlinked', e)}
      >
        <div className="pg-section-head">
          <div>
            <h2 id="pg-unlinked-title">Not linked</h2>
            <p>In neither navigation: visitors reach them by their address or a link.</p>
          </div>
        </div>
        {unlinked.length === 0 ? (
          <p className="pg-empty">Every page is in a navigation.</p>
        ) : (
          <ul className="pg-tree" aria-labelledby="pg-unlinked-title">
            {unlinked.map((c) => (
              <TreeRowItem key={c.id} row={{ kind: 'unlinked', key: `unlinked:${c.id}`, collection: c }} />
            ))}
          </ul>
        )}
      </section>

      <PastSiteForm pages={pastPages} />

      {dialog?.kind === 'add-page' && (
        <AddPageDialog
          collections={collections}
          destinationsOf={(kind) => destinationsFor(navs, byId, { collectionId: null, folder: kind === 'folder', from: null })}
          onCreate={createPage}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'add-link' && (
        <AddLinkDialog
          destinations={preferring(destinationsFor(navs, byId, { collectionId: null, folder: false, from: null }), dialog.nav)}
          onAdd={addExternal}
          onClose={() => setDialog(null)}
        />
      )}
      {moveRow && (
        <MoveDialog
          name={labelOf(moveRow)}
          where={moveRow.kind === 'link' ? `at ${describePlace(navs, moveRow.at, byId)}` : 'not linked'}
          destinations={destinationsFor(navs, byId, subjectOf(moveRow)).filter((d) => allowed(moveRow, d.to) && placed(moveRow, d.to) !== null)}
          onMove={(choice) => {
            setDialog(null);
            void moveTo(moveRow, choice.to);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </TreeContext.Provider>
  );
}

/** The navigation the owner asked from first, then the rest. */
function preferring(choices: DestinationChoice[], nav: NavigationName): DestinationChoice[] {
  return [...choices.filter((c) => c.to.nav === nav), ...choices.filter((c) => c.to.nav !== nav)];
}

/** Where a drop on `target` puts the dragged row: before or after it, or inside it (a folder). */
function dropDestination(target: TreeRow, position: DropPosition, dragged: TreeRow): Destination | null {
  if (target.kind === 'unlinked') return { nav: 'unlinked' };
  const { nav, path } = target.at;
  const after = position === 'after' ? 1 : 0;
  if (position === 'inside') return { nav, parent: path[0]!, index: target.link.children.length };
  if (path.length === 1) return { nav, parent: null, index: path[0]! + after };
  // A folder dropped on a folder's page goes beside the folder.
  if (dragged.collection?.folder) return { nav, parent: null, index: path[0]! + after };
  return { nav, parent: path[0]!, index: path[1]! + after };
}
