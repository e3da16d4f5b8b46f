import { useEffect, useRef, useState } from 'react';
import { galleryImages } from './gallery-items';
import { Lightbox } from './lightbox';

type GalleryLightboxProps = {
  /** The server-rendered gallery (`[data-island="gallery"]`), left as it is. */
  gallery: HTMLElement;
};

/**
 * SPEC 3 gallery option `lightbox`: a click on an image of the gallery opens it in the lightbox
 * instead of following the link to the image file (which is what happens without JavaScript, or
 * with a modifier key to open it in a new tab). Closing puts focus back on the link that opened it.
 */
export function GalleryLightbox({ gallery }: GalleryLightboxProps) {
  const [{ links, images }] = useState(() => galleryImages(gallery));
  const [index, setIndex] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest?.('a[data-lightbox-item]');
      const at = link ? links.indexOf(link as HTMLAnchorElement) : -1;
      if (at < 0) return;
      event.preventDefault();
      opener.current = link as HTMLElement;
      setIndex(at);
    };
    gallery.addEventListener('click', onClick);
    return () => gallery.removeEventListener('click', onClick);
  }, [gallery, links]);

  return (
    <Lightbox
      images={images}
      index={index}
      theme={gallery.dataset.lightboxTheme === 'light' ? 'light' : 'dark'}
      label={gallery.getAttribute('aria-label') ?? ''}
      onIndex={setIndex}
      onClose={() => {
        // Back to the link that opened it (else the shown image's own link), now and once more after
        // the frame: a click beside the image can leave focus on the page after the dialog closed.
        const back = opener.current ?? (index === null ? null : links[index] ?? null);
        setIndex(null);
        opener.current = null;
        back?.focus();
        requestAnimationFrame(() => {
          if (back && document.activeElement !== back && !document.querySelector('dialog[open]')) back.focus();
        });
      }}
    />
  );
}
