import { FIELD_LABELS } from '@storefront/domain/shared/strings';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/api';
import { Alert } from '../../ui/page-header';
import { useLibraryImagesQuery, useUploadLibraryImageMutation } from '../../app/media-api';

type Notice = { kind: 'success' | 'error'; text: string };

/**
 * The site's logo: none (the title shows instead), an image uploaded here, or one chosen from the
 * images already uploaded. Choosing changes the form; Save settings makes it the logo.
 */
export function LogoPicker({ value, siteTitle, onChange }: { value: string | null; siteTitle: string; onChange: (imageId: string | null) => void }) {
  const images = useLibraryImagesQuery();
  const [upload, uploading] = useUploadLibraryImageMutation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const legendId = useId();
  const current = images.data?.find((image) => image.id === value);

  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setNotice(null);
    try {
      const image = await upload(chosen).unwrap();
      onChange(image.id);
      setNotice({ kind: 'success', text: `Uploaded ${image.filename}. Save settings to make it the logo.` });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'There was a problem while uploading your file. Please try again.') });
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  return (
    <fieldset className="settings-logo" aria-describedby={`${legendId}-hint`}>
      <legend id={legendId}>{FIELD_LABELS.logoImageId}</legend>
      <div className="settings-logo-row">
        <div className="settings-logo-preview">
          {value === null ? (
            <span className="settings-logo-title">{siteTitle || 'Your site'}</span>
          ) : current ? (
            <img src={`${current.assetUrl}?format=300w`} alt={`The logo: ${current.altText || current.filename}`} />
          ) : (
            <span className="ow-hint">{images.isLoading ? 'Loading the logo…' : 'The chosen image is not in the library any more.'}</span>
          )}
        </div>
        <div className="settings-logo-actions">
          <span id={`${legendId}-hint`} className="ow-hint">
            {value === null ? 'No logo: the site title shows at the top of every page.' : 'Shown at the top of every page instead of the site title.'}
          </span>
          <div className="ow-form-actions">
            <input ref={file} type="file" accept="image/*" hidden aria-label="Logo image file" onChange={(e) => void onFile(e.target.files?.[0])} />
            <button type="button" className="ow-button" disabled={uploading.isLoading} onClick={() => file.current?.click()}>
              {uploading.isLoading ? 'Uploading…' : 'Upload an image'}
            </button>
            {value !== null && (
              <button type="button" className="ow-button" onClick={() => onChange(null)}>
                Remove logo
              </button>
            )}
          </div>
        </div>
      </div>
      {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      {images.isError && <Alert>{errorMessage(images.error, 'Unable to load your images. Uploading still works.')}</Alert>}
      {images.data && images.data.length > 0 && (
        <details className="settings-library">
          <summary>Choose an uploaded image ({images.data.length})</summary>
          <div className="settings-library-grid" role="radiogroup" aria-label="Uploaded images">
            {images.data.map((image) => (
              <label key={image.id} className="settings-library-option">
                <input type="radio" name="settings-logo" value={image.id} checked={value === image.id} onChange={() => onChange(image.id)} />
                <img src={`${image.assetUrl}?format=100w`} alt="" loading="lazy" />
                <span>{image.altText || image.filename}</span>
              </label>
            ))}
          </div>
        </details>
      )}
    </fieldset>
  );
}
