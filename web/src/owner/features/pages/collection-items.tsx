import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SITE_LIMITS } from '@storefront/domain/site/site-limits';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { errorMessage } from '../../app/api';
import { useLibraryImagesQuery } from '../../app/media-api';
import { useConfirm } from '../../ui/confirm-dialog';
import { MenuButton } from '../../ui/menu';
import { Alert } from '../../ui/page-header';
import { contentEditorPath, formatWhen, itemNoun, pageName, statusLabel, statusTone } from './page-labels';
import {
  useCreateItemMutation, useDeleteItemMutation, useListItemsQuery, usePublishItemMutation, useReorderItemsMutation, type Collection,
  type ContentItem, type LibraryImage,
} from './pages-api';
import { Dialog } from '../../ui/dialog';
import { useTree } from './tree-context';
import { useNow } from './use-now';

/** SPEC 9: a user-orderable collection (a gallery) holds at most 250 items. */
export const ORDERABLE_LIMIT = SITE_LIMITS.itemsPerUserOrderableCollection;
export const limitMessage = (limit: number) => ERROR_MESSAGES.COLLECTION_ITEM_LIMIT.replace('{limit}', String(limit));

/**
 * The posts of a blog, the events of a calendar or the images of a gallery, under their
 * collection in the page tree: each opens in the editor; publish, unpublish and delete here, and
 * a new post or event starts here as a draft. A gallery's images are in the owner's order, moved
 * by drag and drop or Alt with the up and down arrows.
 */
export function CollectionItems({ collection }: { collection: Collection }) {
  const tree = useTree();
  const { confirm } = useConfirm();
  const noun = itemNoun(collection.typeName)!;
  const headingId = useId();
  const items = useListItemsQuery(collection.id);
  const [publishItem] = usePublishItemMutation();
  const [deleteItem] = useDeleteItemMutation();
  const [reorder] = useReorderItemsMutation();
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const now = useNow();
  const orderable = collection.typeName === 'gallery';
  const library = useLibraryImagesQuery(undefined, { skip: !orderable });
  const imagesById = new Map((library.data ?? []).map((img) => [img.id, img]));
  const [picking, setPicking] = useState(false);
  const list = items.data ?? [];
  const full = orderable && list.length >= ORDERABLE_LIMIT;

  useEffect(() => {
    if (!focusAfter.current) return;
    const row = [...document.querySelectorAll<HTMLElement>('[data-item-key]')].find((el) => el.dataset.itemKey === focusAfter.current);
    row?.querySelector<HTMLElement>('.pg-handle')?.focus();
    focusAfter.current = null;
  });

  const name = (item: ContentItem, i: number) => item.title || imagesById.get(item.mainImageId ?? '')?.title || `Image ${i + 1}`;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    const ids = list.map((i) => i.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    focusAfter.current = id!;
    setError(null);
    tree.announce(`${name(list[from]!, from)} moved to position ${to + 1} of ${ids.length}.`);
    reorder({ collectionId: collection.id, itemIds: ids })
      .unwrap()
      .catch((e: unknown) => setError(errorMessage(e, `The new order of ${pageName(collection)} could not be saved. Please try again.`)));
  };

  const remove = async (item: ContentItem, i: number) => {
    const ok = await confirm({
      title: `Delete “${name(item, i)}”?`,
      message: `The ${noun.one} is deleted from ${pageName(collection)} and from the site.`,
      confirmLabel: `Delete ${noun.one}`,
      danger: true,
    });
    if (!ok) return;
    setError(null);
    try {
      await deleteItem(item).unwrap();
      tree.announce(`Deleted ${name(item, i)}.`);
    } catch (e) {
      setError(errorMessage(e, `The ${noun.one} could not be deleted. Please try again.`));
    }
  };

  const publish = async (item: ContentItem, i: number, on: boolean) => {
    setError(null);
    try {
      await publishItem({ item, publish: on }).unwrap();
      tree.announce(on ? `Published ${name(item, i)}.` : `${name(item, i)} is a draft now.`);
    } catch (e) {
      setError(errorMessage(e, `The ${noun.one} could not be ${on ? 'published' : 'unpublished'}. Please try again.`));
    }
  };

  return (
    <section className="pg-items-box" aria-labelledby={headingId}>
      <div className="pg-items-head">
        <h3 id={headingId}>
          {noun.many[0]!.toUpperCase() + noun.many.slice(1)} of {pageName(collection)}
        </h3>
        {orderable && (
          <span className="ow-hint">
            {list.length} of {ORDERABLE_LIMIT} {noun.many}
          </span>
        )}
      </div>
      {error && <Alert>{error}</Alert>}
      {full && <Alert kind="info">{limitMessage(ORDERABLE_LIMIT)} Delete one before adding another.</Alert>}
      {items.isLoading && <p className="ow-hint" role="status">Loading {noun.many}…</p>}
      {items.isError && (
        <Alert>
          {errorMessage(items.error, `Unable to load the ${noun.many}.`)}{' '}
          <button type="button" className="ow-link-button" onClick={() => void items.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {items.data && list.length === 0 && <p className="ow-hint">No {noun.many} yet.</p>}
      {list.length > 0 && (
        <ul className="pg-items" aria-labelledby={headingId}>
          {list.map((item, i) => {
            const when = item.startDate ?? item.publishOn;
            return (
              <li
                key={item.id}
                className={dragging === item.id ? 'pg-row pg-dragging' : 'pg-row'}
                data-item-key={item.id}
                draggable={orderable}
                onDragStart={(e) => {
                  e.stopPropagation();
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', name(item, i));
                  setDragging(item.id);
                }}
                onDragEnd={(e) => {
                  e.stopPropagation();
                  setDragging(null);
                }}
                onDragOver={(e) => {
                  if (!dragging) return;
                  e.stopPropagation();
                  e.preventDefault();
                }}
                onDrop={(e) => {
                  if (!dragging) return;
                  e.preventDefault();
                  e.stopPropagation();
                  const from = list.findIndex((x) => x.id === dragging);
                  setDragging(null);
                  move(from, i);
                }}
                onKeyDown={(e) => {
                  if (!orderable || !e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
                  e.preventDefault();
                  e.stopPropagation();
                  move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
                }}
              >
                <div className="pg-row-main">
                  {orderable ? (
                    <button type="button" className="pg-handle" aria-label={`Move ${name(item, i)}`} aria-describedby="pg-item-move-help" onClick={() => tree.announce('Press Alt with the up or down arrow to move this image.')}>
                      <span aria-hidden="true">⋮⋮</span>
                    </button>
                  ) : (
                    <span className="pg-handle-spacer" />
                  )}
                  {orderable && <Thumbnail image={imagesById.get(item.mainImageId ?? '')} />}
                  <div className="pg-row-text">
                    <span className="pg-row-title">
                      <Link to={contentEditorPath(item.id)}>{name(item, i)}</Link>
                    </span>
                    <span className="pg-row-meta">
                      <span className={`pg-badge pg-badge-${statusTone(item.workflowState, item.publishOn, now)}`}>{statusLabel(item.workflowState, item.publishOn, now)}</span>
                      {when !== undefined && when !== null && (collection.typeName === 'events' || item.workflowState !== 'Scheduled') && (
                        <span>{collection.typeName === 'events' ? `Starts ${formatWhen(when)}` : formatWhen(when)}</span>
                      )}
                    </span>
                  </div>
                  <div className="pg-row-actions">
                    <Link className="ow-button" to={contentEditorPath(item.id)} aria-label={`Edit ${name(item, i)}`}>
                      Edit
                    </Link>
                    <MenuButton
                      label={`More actions for ${name(item, i)}`}
                      actions={[
                        statusTone(item.workflowState, item.publishOn, now) === 'live'
                          ? { label: 'Unpublish (make it a draft)', onSelect: () => void publish(item, i, false) }
                          : { label: 'Publish now', onSelect: () => void publish(item, i, true) },
                        ...(orderable
                          ? [
                              { label: 'Move up', onSelect: () => move(i, i - 1), disabled: i === 0 },
                              { label: 'Move down', onSelect: () => move(i, i + 1), disabled: i === list.length - 1 },
                            ]
                          : []),
                        { label: `Delete ${noun.one}`, onSelect: () => void remove(item, i), danger: true },
                      ]}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {orderable && (
        <>
          <p id="pg-item-move-help" className="ow-hint">
            Drag an image, or focus it and press Alt with the up or down arrow, to change the order.
          </p>
          <button type="button" className="ow-button" disabled={full || !items.data} onClick={() => setPicking(true)}>
            Add images
          </button>
        </>
      )}
      {picking && (
        <ImagePicker
          collection={collection}
          room={ORDERABLE_LIMIT - list.length}
          inGallery={new Set(list.map((i) => i.mainImageId ?? ''))}
          library={library}
          onClose={() => setPicking(false)}
          onAdded={(n) => {
            setPicking(false);
            tree.announce(`Added ${n} ${n === 1 ? 'image' : 'images'} to ${pageName(collection)}.`);
          }}
        />
      )}
      {!orderable && <NewItemForm collection={collection} />}
    </section>
  );
}

/** A new post (a title) or event (a title and when it starts), created as a draft to open in the editor. */
function NewItemForm({ collection }: { collection: Collection }) {
  const tree = useTree();
  const noun = itemNoun(collection.typeName)!;
  const [createItem, creating] = useCreateItemMutation();
  const [title, setTitle] = useState('');
  const [start, setStart] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<ContentItem | null>(null);
  const isEvent = collection.typeName === 'events';
  const titleId = useId();
  const startId = useId();

  return (
    <form
      className="pg-new-item"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        setCreated(null);
        if (title.trim() === '') return setError(`Give the ${noun.one} a title.`);
        if (isEvent && start === '') return setError('Choose when the event starts.');
        try {
          const startDate = isEvent ? new Date(start).toISOString() : undefined;
          const item = await createItem({ collectionId: collection.id, item: { title: title.trim(), workflowState: 'Draft', ...(startDate ? { startDate, endDate: startDate } : {}) } }).unwrap();
          setCreated(item);
          setTitle('');
          setStart('');
          tree.announce(`Created the draft ${noun.one} ${item.title}.`);
        } catch (err) {
          setError(errorMessage(err, `The ${noun.one} could not be created. Please try again.`));
        }
      }}
    >
      <div className="ow-field">
        <label htmlFor={titleId}>New {noun.one}</label>
        <input id={titleId} value={title} maxLength={200} placeholder={FIELD_LABELS.title} onChange={(e) => setTitle(e.target.value)} />
      </div>
      {isEvent && (
        <div className="ow-field">
          <label htmlFor={startId}>{FIELD_LABELS.startDate}</label>
          <input id={startId} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
        </div>
      )}
      <button type="submit" className="ow-button" disabled={creating.isLoading}>
        {creating.isLoading ? 'Creating…' : `Create draft ${noun.one}`}
      </button>
      {error && (
        <div className="pg-new-item-message">
          <Alert>{error}</Alert>
        </div>
      )}
      {created && (
        <div className="pg-new-item-message">
          <Alert kind="success">
            Created “{created.title}” as a draft. <Link to={contentEditorPath(created.id)}>Write it in the editor</Link>
          </Alert>
        </div>
      )}
    </form>
  );
}

function Thumbnail({ image }: { image: LibraryImage | undefined }) {
  return image ? <img className="pg-thumb" src={`${image.assetUrl}?format=100w`} alt="" width={40} height={40} loading="lazy" /> : <span className="pg-thumb" aria-hidden="true" />;
}

/**
 * Images of the media library to add to a gallery, each becoming a published gallery image. At
 * most the gallery's room (SPEC 9: 250 images) can be chosen; the server's limit message is shown
 * if it refuses one anyway.
 */
function ImagePicker({ collection, room, inGallery, library, onClose, onAdded }: {
  collection: Collection;
  room: number;
  inGallery: ReadonlySet<string>;
  library: { data?: LibraryImage[]; isLoading: boolean; isError: boolean; error?: unknown };
  onClose: () => void;
  onAdded: (count: number) => void;
}) {
  const [createItem] = useCreateItemMutation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const images = library.data ?? [];
  const over = chosen.length > room;

  return (
    <Dialog title={`Add images to ${pageName(collection)}`} onClose={onClose} wide>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (chosen.length === 0) return setError('Choose at least one image.');
          if (over) return setError(`${limitMessage(ORDERABLE_LIMIT)} There is room for ${room} more.`);
          setBusy(true);
          setError(null);
          let added = 0;
          try {
            for (const imageId of chosen) {
              await createItem({ collectionId: collection.id, item: { mainImageId: imageId, workflowState: 'Published' } }).unwrap();
              added++;
            }
            onAdded(added);
          } catch (err) {
            setError(`${added > 0 ? `Added ${added}. ` : ''}${errorMessage(err, 'The images could not be added. Please try again.')}`);
          } finally {
            setBusy(false);
          }
        }}
      >
        <p className="ow-hint">
          Choose from your media library. Room for {room} more {room === 1 ? 'image' : 'images'} ({ORDERABLE_LIMIT} at most).
        </p>
        {library.isLoading && <p role="status">Loading your images…</p>}
        {library.isError && <Alert>{errorMessage(library.error, 'Unable to load your images.')}</Alert>}
        {library.data && images.length === 0 && <p className="ow-hint">Your media library has no images yet.</p>}
        {images.length > 0 && (
          <fieldset>
            <legend>Images</legend>
            <ul className="pg-picker">
              {images.map((img) => (
                <li key={img.id}>
                  <label className="pg-picker-item">
                    <input
                      type="checkbox"
                      checked={chosen.includes(img.id)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, img.id] : c.filter((id) => id !== img.id)))}
                    />
                    <img src={`${img.assetUrl}?format=300w`} alt="" loading="lazy" />
                    <span>
                      {img.title || img.altText || img.filename}
                      {inGallery.has(img.id) ? ' (already in the gallery)' : ''}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {over && <Alert>{limitMessage(ORDERABLE_LIMIT)} There is room for {room} more.</Alert>}
        {error && !over && <Alert>{error}</Alert>}
        <div className="ow-form-actions">
          <button type="button" className="ow-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="ow-button ow-primary" disabled={busy || over || chosen.length === 0}>
            {busy ? 'Adding images…' : chosen.length === 0 ? 'Add images' : chosen.length === 1 ? 'Add 1 image' : `Add ${chosen.length} images`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
