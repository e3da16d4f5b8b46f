import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CollectionRecord } from '@storefront/domain/site/site-records';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Loading, PageHeader } from '../../ui/page-header';
import { closed } from './editor-slice';
import { ItemEditor } from './item-editor';
import { PageEditor } from './page-editor';
import { useEditorCollectionItemsQuery, useEditorCollectionsQuery, useEditorItemQuery } from './page-editor-api';

/**
 * /config/pages/:itemId/content: the editor for whatever the id names. A page opens the block
 * editor; a blog post or an event its own fields; a blog, events calendar or gallery lists its
 * items to open; folders and store pages say where their content is edited.
 */
export function PageEditorScreen() {
  const { itemId = '' } = useParams();
  const dispatch = useAppDispatch();
  const collections = useEditorCollectionsQuery();
  const collection = collections.data?.collections.find((c) => c.id === itemId);
  const isItem = collections.data !== undefined && !collection;
  const item = useEditorItemQuery(isItem ? itemId : skipToken);

  // Leaving the editor forgets what was open, so the next page opens fresh.
  useEffect(() => () => void dispatch(closed()), [dispatch, itemId]);

  if (collections.isLoading) return <Loading what="the page" />;
  if (!collections.data) return <LoadProblem error={collections.error} />;
  const all = collections.data.collections;

  if (collection && collection.typeName !== 'page') return <CollectionContent collection={collection} />;
  if (collection) return <PageEditor summary={collection} collections={all} />;
  if (item.isLoading || (!item.data && !item.error)) return <Loading what="the page" />;
  if (!item.data) return <LoadProblem error={item.error} />;
  return <ItemEditor view={item.data} collections={all} />;
}

function LoadProblem({ error }: { error: unknown }) {
  const status = (error as { status?: unknown } | undefined)?.status;
  return (
    <>
      <PageHeader title={status === 404 ? 'Page not found' : 'Unable to load content'} />
      <Alert>{status === 404 ? 'There is no page, post or event with this address. It may have been deleted.' : errorMessage(error, 'Unable to load content. Please try again.')}</Alert>
      <p>
        <Link to="/pages">Back to the pages</Link>
      </p>
    </>
  );
}

const KIND_NAMES: Record<string, string> = { blog: 'Blog', events: 'Events', gallery: 'Gallery', products: 'Store page', folder: 'Folder' };

/** A collection without blocks: its items to open (blog, events), or where its content is edited. */
function CollectionContent({ collection }: { collection: CollectionRecord }) {
  const listsItems = collection.typeName === 'blog' || collection.typeName === 'events';
  const items = useEditorCollectionItemsQuery(listsItems ? collection.id : skipToken);
  const noun = collection.typeName === 'blog' ? 'post' : 'event';
  return (
    <>
      <PageHeader title={collection.title} subtitle={`${KIND_NAMES[collection.typeName] ?? 'Collection'} · ${collection.fullUrl}`} />
      {collection.typeName === 'folder' && <p>A folder holds other pages in the navigation; it has no content of its own. Open one of its pages from the page list.</p>}
      {collection.typeName === 'products' && (
        <p>
          The products of this page are edited under <Link to="/products">Products</Link>.
        </p>
      )}
      {collection.typeName === 'gallery' && <p>A gallery shows its images; they are added and ordered in the page list.</p>}
      {listsItems && (
        <section className="ow-panel-box">
          <h2>{collection.typeName === 'blog' ? 'Posts' : 'Events'}</h2>
          {items.isLoading && <Loading what={`the ${noun}s`} />}
          {items.error && <Alert>{errorMessage(items.error, `Unable to load the ${noun}s. Please try again.`)}</Alert>}
          {items.data && items.data.items.length === 0 && <p className="ow-hint">No {noun}s yet.</p>}
          {items.data && items.data.items.length > 0 && (
            <ul className="pe-item-links">
              {items.data.items.map((i) => (
                <li key={i.id}>
                  <Link to={`/pages/${encodeURIComponent(i.id)}/content`}>{i.title || `Untitled ${noun}`}</Link>
                  <span className="ow-hint"> · {i.workflowState}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
