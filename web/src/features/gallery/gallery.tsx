import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GalleryLightbox } from './gallery-lightbox';
import { enhanceSlideshow } from './slideshow';

/**
 * The gallery island's code, a chunk of its own: only pages with a gallery that needs it load it.
 * The gallery's markup stays the server's: a slideshow or slider gets its controls, autoplay and
 * thumbnails (slideshow.ts, plain DOM); the lightbox is a root of its own at the end of <body>
 * (a modal <dialog>, above everything).
 */
export function enhanceGallery(gallery: HTMLElement): void {
  // A slideshow or slider: its slides move (keyboard, swipe, controls, autoplay, thumbnails).
  if (gallery.dataset.design === 'slideshow' || gallery.dataset.design === 'slider') enhanceSlideshow(gallery);
  if (gallery.dataset.lightbox !== 'true' || !gallery.querySelector('a[data-lightbox-item]')) return;
  const container = gallery.ownerDocument.createElement('div');
  container.className = 'lightbox-root';
  gallery.ownerDocument.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <GalleryLightbox gallery={gallery} />
    </StrictMode>,
  );
}

