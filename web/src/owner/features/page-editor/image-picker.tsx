import type { ImageAssetRecord } from '@storefront/domain/media/image-record';
import { fillMessage, formatFileSize, MAX_IMAGE_BYTES, sniffImageFormat } from '@storefront/domain/media/image-rules';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/api';
import { Alert } from '../../ui/page-header';
import { useLibraryImagesQuery, useUploadLibraryImageMutation } from '../../app/media-api';

/** A rendition of an uploaded image for thumbnails (SPEC image widths). */
export const thumbnailUrl = (image: Pick<ImageAssetRecord, 'assetUrl'>) => `${image.assetUrl}?format=300w`;

const readHead = (file: File, bytes: number): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });

/**
 * SPEC 5's file messages before anything is sent: too large (the media API's 20 MB), or not an
 * image it takes (recognised from the bytes, as the server does). Null when the file may go.
 */
export async function uploadProblem(file: File): Promise<string | null> {
  const fileName = file.name;
  if (file.size > MAX_IMAGE_BYTES) return fillMessage(ERROR_MESSAGES.FILE_TOO_LARGE, { fileName, maxSize: formatFileSize(MAX_IMAGE_BYTES) });
  const head = await readHead(file, 4096).catch(() => null);
  if (file.size === 0 || !head || sniffImageFormat(head) === null) return fillMessage(ERROR_MESSAGES.UNSUPPORTED_FILE, { fileName });
  return null;
}

/**
 * Chooses images from the library (GET /api/media/images) or uploads one in place (POST
 * /api/media/images), which is then chosen. `multiple` picks several (galleries), in the order
 * they were chosen.
 */
export function ImagePicker({
  label, value, onChange, multiple = false, startOpen = value.length === 0,
}: {
  label: string;
  value: readonly string[];
  onChange: (imageIds: string[]) => void;
  multiple?: boolean;
  /** Whether the library shows at first (by default when nothing is chosen yet). */
  startOpen?: boolean;
}) {
  const images = useLibraryImagesQuery();
  const [upload, uploading] = useUploadLibraryImageMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [open, setOpen] = useState(startOpen);
  const inputId = useId();
  const groupId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const byId = new Map((images.data ?? []).map((i) => [i.id, i]));
  const chosen = value.map((id) => byId.get(id)).filter((i): i is ImageAssetRecord => Boolean(i));

  const choose = (id: string) => {
    if (!multiple) {
      onChange([id]);
      setOpen(false);
      return;
    }
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  };

  const onFiles = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    setUploaded(null);
    const local = await uploadProblem(file);
    if (local) {
      setProblem(local);
    } else {
      const result = await upload(file);
      if ('error' in result) setProblem(errorMessage(result.error, 'There was a problem while uploading your file'));
      else {
        setUploaded(result.data.filename);
        onChange(multiple ? [...value, result.data.id] : [result.data.id]);
        if (!multiple) setOpen(false);
      }
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <div className="pe-image-picker" role="group" aria-labelledby={groupId}>
      <span id={groupId} className="ow-label">
        {label}
      </span>
      {chosen.length > 0 ? (
        <ul className="pe-chosen-images">
          {chosen.map((image) => (
            <li key={image.id}>
              <img src={thumbnailUrl(image)} alt="" width={64} height={64} />
              <span>{image.title || image.filename}</span>
              {multiple && (
                <button type="button" className="ow-link-button" onClick={() => onChange(value.filter((v) => v !== image.id))}>
                  Remove <span className="pe-visually-hidden">{image.filename}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ow-hint">{value.length > 0 && images.isLoading ? 'Loading the chosen image…' : 'No image chosen yet.'}</p>
      )}
      <div className="ow-form-actions">
        <button type="button" className="ow-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Close the library' : multiple ? 'Choose images' : chosen.length > 0 ? 'Replace image' : 'Choose an image'}
        </button>
        <label htmlFor={inputId} className="ow-button pe-upload-label">
          {uploading.isLoading ? 'Uploading…' : 'Upload an image'}
        </label>
        <input
          ref={fileRef}
          id={inputId}
          className="pe-visually-hidden"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/svg+xml"
          disabled={uploading.isLoading}
          onChange={(e) => void onFiles(e.target.files)}
        />
      </div>
      {problem && <Alert>{problem}</Alert>}
      {uploaded && <Alert kind="success">Uploaded {uploaded}.</Alert>}
      {open && (
        <div className="pe-library">
          {images.isLoading && <p className="ow-hint">Loading your images…</p>}
          {images.isError && <Alert>{errorMessage(images.error, 'Unable to load your images. Try again.')}</Alert>}
          {images.data && images.data.length === 0 && <p className="ow-hint">Your library is empty. Upload an image to use it here.</p>}
          {images.data && images.data.length > 0 && (
            <ul className="pe-library-grid" aria-label="Your images">
              {images.data.map((image) => {
                const selected = value.includes(image.id);
                return (
                  <li key={image.id}>
                    <button type="button" className="pe-library-item" aria-pressed={selected} onClick={() => choose(image.id)}>
                      <img src={thumbnailUrl(image)} alt="" loading="lazy" width={120} height={120} />
                      <span className="pe-library-name">{image.title || image.filename}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
