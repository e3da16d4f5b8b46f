import type { CollectionRecord } from '@storefront/domain/site/site-records';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetSessionQuery, useGetSiteSummaryQuery } from '../../shell/session-api';
import { useConfirm } from '../../ui/confirm-dialog';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { HistoryButton } from '../history/history-button';
import { EditConflictNotice } from '../../ui/edit-conflict';
import { AddBlockMenu } from './add-block-menu';
import { BlockInspector, type InspectorContext } from './block-inspector';
import { BlockList } from './block-list';
import { firstBlockProblem } from './block-rules';
import { blockLabel } from './block-types';
import {
  announced, blockAdded, blockChanged, blockDeleted, blockDuplicated, blockMoved, blockSelected, MAX_BLOCKS, noticeDismissed, pageLoaded,
} from './editor-slice';
import { useLibraryImagesQuery } from '../../app/media-api';
import { useListOwnerFormsQuery } from '../forms/forms-api';
import type { PageChoice } from './link-field';
import { useEditorPageQuery, useEditorProductsQuery, useSaveLayoutMutation, useSetPagePublishedMutation, versionOf, type CollectionView } from './page-editor-api';
import { PreviewFrame } from './preview-frame';
import { useVersionedSave } from './use-versioned-save';
import './page-editor.css';

/** Pages and collections as link targets, plus the site's own /cart and /search (SPEC 2 routes). */
export function pageChoices(collections: readonly CollectionRecord[]): PageChoice[] {
  const pages = collections.filter((c) => !c.folder).map((c) => ({ path: c.fullUrl, title: c.title }));
  return [...pages, { path: '/cart', title: 'Cart' }, { path: '/search', title: 'Search' }];
}

/** May this owner write html and code blocks? The session's permissions when it lists them, else the admin role. */
export function useCanWriteMarkup(): boolean {
  const { data } = useGetSessionQuery();
  const owner = data?.owner;
  if (!owner) return false;
  return owner.permissions ? owner.permissions.includes('blocks.code') : owner.roles.includes('admin');
}

/**
 * The page editor: the page's blocks on the left (add, select, move, duplicate, delete, and the
 * selected block's fields), the published page in a frame on the right. Save replaces the layout
 * (PUT …/layout, one CollectionLayoutChanged event) and reloads the preview; Publish makes a hidden
 * page visible. Leaving with unsaved changes asks first.
 */
export function PageEditor({ summary, collections }: { summary: CollectionRecord; collections: readonly CollectionRecord[] }) {
  const dispatch = useAppDispatch();
  const editor = useAppSelector((s) => s.pageEditor);
  // The list already names the page's address, so the preview starts loading while the page itself
  // is read from its stream (the list's read model may lag behind a save made elsewhere).
  const pageQuery = useEditorPageQuery(summary.id);
  const view: CollectionView | undefined = pageQuery.data;
  const page = view?.collection ?? summary;
  const site = useGetSiteSummaryQuery();
  const websiteId = site.data?.website.id;
  const products = useEditorProductsQuery(websiteId ?? '', { skip: !websiteId });
  const images = useLibraryImagesQuery();
  const canWriteMarkup = useCanWriteMarkup();
  const forms = useListOwnerFormsQuery();
  const { confirm } = useConfirm();
  const [saveLayout] = useSaveLayoutMutation();
  const [setPublished] = useSetPagePublishedMutation();
  const [problemId, setProblemId] = useState<string | null>(null);

  const loaded = view !== undefined && editor.targetId === page.id;
  useEffect(() => {
    if (view && !loaded) dispatch(pageLoaded({ id: view.collection.id, blocks: view.collection.layout?.blocks ?? [], version: versionOf(view) }));
  }, [dispatch, loaded, view]);

  const pages = useMemo(() => pageChoices(collections), [collections]);
  const pagePaths = useMemo(() => pages.map((p) => p.path), [pages]);
  const names = useMemo(() => {
    const imageNames = new Map((images.data ?? []).map((i) => [i.id, i.title || i.filename]));
    const productNames = new Map((products.data?.products ?? []).map((p) => [p.id, p.name]));
    const collectionNames = new Map(collections.map((c) => [c.id, c.title]));
    return { image: (id: string) => imageNames.get(id), product: (id: string) => productNames.get(id), collection: (id: string) => collectionNames.get(id) };
  }, [images.data, products.data, collections]);
  const context: InspectorContext = {
    pages,
    collections,
    products: { data: products.data?.products, loading: products.isLoading || !websiteId, error: products.error },
    canWriteMarkup,
    forms: { data: forms.data?.forms, loading: forms.isLoading, error: forms.error },
  };

  const { save, publish, saving, publishing, status, setStatus, conflicts, preview, refreshPreview } = useVersionedSave<CollectionView>({
    loaded,
    dirty: editor.dirty,
    fullUrl: page.fullUrl,
    updatedOnIn: (context) => context.collection?.updatedOn,
    updatedOnOf: (saved) => saved.collection.updatedOn,
    check: () => {
      const problem = firstBlockProblem(editor.blocks, pagePaths);
      setProblemId(problem?.id ?? null);
      if (!problem) return true;
      dispatch(blockSelected(problem.id));
      setStatus({ kind: 'error', text: `Block ${problem.index + 1} (${blockLabel(editor.blocks[problem.index]!)}): ${problem.message}`, blocks: editor.blocks });
      return false;
    },
    send: (version) => ({ sent: { blocks: editor.blocks }, request: saveLayout({ id: page.id, blocks: editor.blocks, version }) }),
    publishRequest: (version) => setPublished({ id: page.id, published: true, version }),
    reload: async () => {
      const fresh = await pageQuery.refetch().unwrap();
      dispatch(pageLoaded({ id: fresh.collection.id, blocks: fresh.collection.layout?.blocks ?? [], version: versionOf(fresh) }));
    },
    messages: {
      saved: page.published ? 'Saved. The published page shows your changes.' : 'Saved. Publish the page to show it to visitors.',
      saveFailed: 'Unable to save the page. Please try again.',
      published: () => 'Published. Visitors now see this page.',
      publishFailed: 'Unable to publish the page. Please try again.',
    },
  });

  const remove = async (id: string) => {
    const block = editor.blocks.find((b) => b.id === id);
    if (!block) return;
    const label = blockLabel(block).toLowerCase();
    const ok = await confirm({ title: `Delete this ${label} block?`, message: 'It leaves the page when you save.', confirmLabel: 'Delete block', danger: true });
    if (ok) dispatch(blockDeleted({ id }));
  };

  const selected = editor.blocks.find((b) => b.id === editor.selectedId) ?? null;
  const problemHere = selected && problemId === selected.id ? firstBlockProblem([selected], pagePaths)?.message : null;

  return (
    <div className="pe-editor">
      <PageHeader
        title={page.title}
        subtitle={
          <>
            Page · <span className="pe-path">{page.fullUrl}</span> · {page.published ? 'Published' : 'Not published'}
            {editor.dirty && <span className="pe-unsaved"> · Unsaved changes</span>}
          </>
        }
        actions={
          <>
            <a className="ow-button" href={page.fullUrl} target="_blank" rel="noopener">
              View page <span aria-hidden="true">↗</span>
              <span className="pe-visually-hidden"> (opens in a new tab)</span>
            </a>
            <HistoryButton subject={{ kind: 'collection', id: page.id }} name={`“${page.title}”`} path={page.fullUrl} unsaved={editor.dirty}
              onRestored={(v: CollectionView) => { dispatch(pageLoaded({ id: page.id, blocks: v.collection.layout?.blocks ?? [], version: versionOf(v) })); void refreshPreview(v.collection.updatedOn); }} />
            {!page.published && (
              <button type="button" className="ow-button" disabled={publishing || saving} onClick={() => void publish()}>
                {publishing ? 'Publishing…' : editor.dirty ? 'Save and publish' : 'Publish'}
              </button>
            )}
            <button type="button" className="ow-button ow-primary" disabled={saving} onClick={() => void save()}>
              {saving ? 'Saving…' : 'Save'}
            </button>
          </>
        }
      />
      {status && (!status.blocks || status.blocks === editor.blocks) && <Alert kind={status.kind}>{status.text}</Alert>}
      <EditConflictNotice state={conflicts} />
      <div className="pe-layout">
        {!loaded ? (
          <section className="pe-blocks ow-panel-box" aria-label="Blocks">
            {pageQuery.error ? <Alert>{errorMessage(pageQuery.error, 'Unable to load content. Please try again.')}</Alert> : <Loading what="the blocks" />}
          </section>
        ) : (
          <section className="pe-blocks ow-panel-box" aria-labelledby="pe-blocks-title">
            <div className="pe-blocks-head">
              <h2 id="pe-blocks-title">Blocks</h2>
              <span className="pe-count">
                {editor.blocks.length} of {MAX_BLOCKS}
              </span>
              <AddBlockMenu
                canWriteMarkup={canWriteMarkup}
                full={editor.blocks.length >= MAX_BLOCKS}
                onAdd={(choice) => dispatch(blockAdded({ type: choice.type, value: choice.initial() }, editor.selectedId))}
              />
            </div>
            {editor.notice && (
              <div className="ow-alert ow-alert-error pe-notice" role="alert">
                <span>{editor.notice} Delete a block before adding another.</span>
                <button type="button" className="ow-link-button" onClick={() => dispatch(noticeDismissed())}>
                  Dismiss
                </button>
              </div>
            )}
            <BlockList
              blocks={editor.blocks}
              selectedId={editor.selectedId}
              problemId={problemId}
              names={names}
              announcement={editor.announcement}
              onSelect={(id) => dispatch(blockSelected(id))}
              onMove={(from, to) => dispatch(blockMoved({ from, to }))}
              onDuplicate={(id) => dispatch(blockDuplicated(id))}
              onDelete={(id) => void remove(id)}
              onAnnounce={(text) => dispatch(announced(text))}
            />
            {selected && (
              <section className="pe-inspector" aria-labelledby="pe-inspector-title">
                <h3 id="pe-inspector-title">Edit the {blockLabel(selected).toLowerCase()} block</h3>
                {problemHere && <Alert>{problemHere}</Alert>}
                <BlockInspector key={selected.id} block={selected} context={context} onChange={(value) => dispatch(blockChanged({ id: selected.id, value }))} />
              </section>
            )}
          </section>
        )}
        <PreviewFrame src={page.fullUrl} title={`Preview of ${page.title}`} reloadKey={preview.reloadKey} updating={preview.updating} />
      </div>
    </div>
  );
}
