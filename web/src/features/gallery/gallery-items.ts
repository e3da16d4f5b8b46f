/** One image of a gallery as the lightbox shows it, read from the server's markup. */
export type LightboxImage = {
  /** The link's target: the large image (what the link opens without JavaScript). */
  href: string;
  /** The thumbnail's srcset (the same image in several widths), if any. */
  srcset: string;
  alt: string;
  width: number | null;
  height: number | null;
  /** The image's title and its description, as plain text ('' when none). */
  title: string;
  description: string;
};

const dimension = (value: string | null): number | null => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The images of a gallery that open in the lightbox: its `[data-lightbox-item]` links in document
 * order. The title comes from the link's `data-title` (given even when the captions are hidden),
 * the description from the visible caption.
 */
export function galleryImages(gallery: HTMLElement): { links: HTMLAnchorElement[]; images: LightboxImage[] } {
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')];
  const images = links.map((link) => {
    const img = link.querySelector('img');
    const figure = link.closest('figure');
    return {
      href: link.href,
      srcset: img?.getAttribute('srcset') ?? '',
      alt: img?.getAttribute('alt') ?? '',
      width: dimension(img?.getAttribute('width') ?? null),
      height: dimension(img?.getAttribute('height') ?? null),
      title: (link.dataset.title ?? figure?.querySelector('.gallery__title')?.textContent ?? '').trim(),
      description: (figure?.querySelector('.gallery__description')?.textContent ?? '').trim(),
    };
  });
  return { links, images };
}

/** The index `step` images away from `index`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  return count === 0 ? 0 : (((index + step) % count) + count) % count;
}

/** A horizontal swipe: far enough sideways (`min` px) and more sideways than up or down. */
export function swipeDirection(dx: number, dy: number, min = 40): -1 | 0 | 1 {
  if (Math.abs(dx) < min || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  // Swiping left brings the next image, right the previous one.
  return dx < 0 ? 1 : -1;
}
