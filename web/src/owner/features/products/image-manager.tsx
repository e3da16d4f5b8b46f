import { CATALOG_LIMITS } from '@storefront/domain/catalog/product-validation';
import { fillMessage, formatFileSize, MAX_IMAGE_BYTES } from '@storefront/domain/media/image-rules';
import { imageUrl } from '@storefront/domain/media/image-sizes';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { errorMessage } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { Alert, Loading } from '../../ui/page-header';
import { productEditorActions as act } from './product-editor-slice';
import { useLibraryImagesQuery, useUploadLibraryImageMutation } from '../../app/media-api';
import type { ImageAsset } from './products-api';

/**
 * The product's images, main image first: reorder by dragging or with the buttons, make one the
 * main image, remove one, and add from the media library or by uploading new files (media API).
 */
export function ImageManager({ imageIds, productTitle, error }: { imageIds: string[]; productTitle: string; error?: string }) {
  const dispatch = useAppDispatch();
  const library = useLibraryImagesQuery();
  const [choosing, setChoosing] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const byId = useMemo(() => new Map((library.data ?? []).map((i) => [i.id, i])), [library.data]);
  const room = CATALOG_LIMITS.imagesPerProduct - imageIds.length;

  const set = (ids: string[], said: string) => {
    dispatch(act.imagesChanged(ids));
    setAnnouncement(said);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= imageIds.length || from === to) return;
    const ids = [...imageIds];
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    set(ids, `${nameOf(byId.get(id!), from)} moved to position ${to + 1} of ${ids.length}.`);
  };

  return (
    <>
      <p className="pr-visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {library.error && <Alert>{errorMessage(library.error, 'Unable to load your images. Please reload the page.')}</Alert>}
      {imageIds.length === 0 ? (
        <p className="ow-hint">No images yet. The first image is the main one: it shows in the shop and on product blocks.</p>
      ) : (
        <ol className="pr-images" aria-label={`Images of ${productTitle || 'this product'}`}>
          {imageIds.map((id, i) => {
            const asset = byId.get(id);
            const name = nameOf(asset, i);
            return (
              <li
                key={id}
                className={`pr-image${dragging === i ? ' pr-dragging' : ''}${over === i && dragging !== i ? ' pr-drop-target' : ''}`}
                draggable
                onDragStart={(e) => {
                  setDragging(i);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', id);
                }}
                onDragOver={(e) => {
                  e.preventDefault();
                  setOver(i);
                }}
                onDragLeave={() => setOver(null)}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragging !== null) move(dragging, i);
                  setDragging(null);
                  setOver(null);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
              >
                {i === 0 && <span className="pr-image-main">Main image</span>}
                {asset ? <img src={imageUrl(asset, '300w')} alt={asset.altText || name} loading="lazy" /> : <img alt={library.isLoading ? 'Loading image' : 'Image not found in the library'} />}
                <div className="pr-image-actions">
                  <button type="button" onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={`Move ${name} earlier`}>
                    ←
                  </button>
                  <button type="button" onClick={() => move(i, i + 1)} disabled={i === imageIds.length - 1} aria-label={`Move ${name} later`}>
                    →
                  </button>
                  {i > 0 && (
                    <button type="button" onClick={() => move(i, 0)} aria-label={`Make ${name} the main image`}>
                      Make main
                    </button>
                  )}
                  <button type="button" onClick={() => set(imageIds.filter((x) => x !== id), `${name} removed.`)} aria-label={`Remove ${name}`}>
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {error && <p className="ow-field-error">{error}</p>}
      <button type="button" className="ow-button" onClick={() => setChoosing(true)} disabled={room <= 0}>
        Add images
      </button>
      {room <= 0 && <p className="ow-hint">A product can have at most {CATALOG_LIMITS.imagesPerProduct} images.</p>}
      {choosing && (
        <ImageLibraryDialog
          exclude={imageIds}
          room={room}
          library={library.data ?? []}
          loading={library.isLoading}
          onClose={() => setChoosing(false)}
          onAdd={(ids) => {
            set([...imageIds, ...ids], `${ids.length} ${ids.length === 1 ? 'image' : 'images'} added.`);
            setChoosing(false);
          }}
        />
      )}
    </>
  );
}

const nameOf = (asset: ImageAsset | undefined, index: number) => asset?.title || asset?.filename || `Image ${index + 1}`;

/** The media library as a dialog: pick images (or upload new ones, which are picked at once) and add them. */
function ImageLibraryDialog({
  exclude, room, library, loading, onClose, onAdd,
}: {
  exclude: string[];
  room: number;
  library: ImageAsset[];
  loading: boolean;
  onClose: () => void;
  onAdd: (ids: string[]) => void;
}) {
  const [picked, setPicked] = useState<string[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [upload, uploading] = useUploadLibraryImageMutation();
  const fileId = useId();
  const available = library.filter((i) => !exclude.includes(i.id));

  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? (p.length < room ? [...p, id] : p) : p.filter((x) => x !== id)));

  const uploadFiles = async (files: FileList | null) => {
    if (!files) return;
    const found: string[] = [];
    const added: string[] = [];
    for (const file of Array.from(files)) {
      if (file.size > MAX_IMAGE_BYTES) {
        found.push(fillMessage(ERROR_MESSAGES.FILE_TOO_LARGE, { fileName: file.name, maxSize: formatFileSize(MAX_IMAGE_BYTES) }));
        continue;
      }
      try {
        const asset = await upload(file).unwrap();
        added.push(asset.id);
      } catch (error) {
        found.push(errorMessage(error, fillMessage(ERROR_MESSAGES.UNSUPPORTED_FILE, { fileName: file.name })));
      }
    }
    setProblems(found);
    if (added.length > 0) setPicked((p) => [...p, ...added].slice(0, room));
  };

  return (
    <Dialog title="Add images" onClose={onClose}>
      <div className="pr-upload">
        <input
          id={fileId}
          className="pr-visually-hidden pr-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/svg+xml"
          multiple
          onChange={(e) => {
            void uploadFiles(e.target.files);
            e.target.value = '';
          }}
        />
        <label htmlFor={fileId} className="ow-button">
          Upload new images
        </label>
        <span className="ow-hint">JPEG, PNG, WebP, GIF or SVG, up to {formatFileSize(MAX_IMAGE_BYTES)} each.</span>
      </div>
      {uploading.isLoading && <p role="status">Uploading…</p>}
      {problems.map((p) => (
        <Alert key={p}>{p}</Alert>
      ))}
      {loading ? (
        <Loading what="your images" />
      ) : available.length === 0 ? (
        <p className="ow-hint">Every image of your library is already on this product. Upload a new one.</p>
      ) : (
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="pr-visually-hidden">Images of your library</legend>
          <ul className="pr-library">
            {available.map((image) => (
              <li key={image.id}>
                <label>
                  <input type="checkbox" checked={picked.includes(image.id)} onChange={(e) => toggle(image.id, e.target.checked)} />
                  <img src={imageUrl(image, '300w')} alt={image.altText || ''} loading="lazy" />
                  <span>{image.title || image.filename}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p className="ow-hint">
        {picked.length} chosen{room < CATALOG_LIMITS.imagesPerProduct ? ` · room for ${room} more` : ''}
      </p>
      <div className="ow-modal-actions">
        <button type="button" className="ow-button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="ow-button ow-primary" disabled={picked.length === 0} onClick={() => onAdd(picked)}>
          Add {picked.length === 0 ? '' : picked.length} {picked.length === 1 ? 'image' : 'images'}
        </button>
      </div>
    </Dialog>
  );
}

/** A modal dialog: focus moves in and back, Tab stays inside, Escape or a click outside closes it. */
function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.focus();
    return () => previous?.focus?.();
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
    if (e.key !== 'Tab') return;
    const focusable = e.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input:not([disabled]), select, textarea, label[for]');
    const list = Array.from(focusable).filter((el) => el.tabIndex >= 0 && !(el instanceof HTMLLabelElement));
    if (list.length === 0) return;
    const first = list[0]!;
    const last = list[list.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === e.currentTarget)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="ow-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={box} className="ow-modal pr-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
