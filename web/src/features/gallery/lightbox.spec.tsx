/** @jest-environment ./web/test/dom-environment.cjs */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { galleryImages, swipeDirection, wrapIndex } from './gallery-items';
import { GalleryLightbox } from './gallery-lightbox';
import { LIGHTBOX_STRINGS } from './lightbox';

/** jsdom has neither a modal <dialog> nor PointerEvent: the browser spec runs the real ones. */
beforeAll(() => {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  class PointerEventPolyfill extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
});

/** The theme's markup of a lightbox gallery (gallery-view.jsont): three images, captions on the first two. */
function galleryMarkup(theme = 'dark'): string {
  const item = (n: number, title: string, description: string) => `
    <li class="gallery__item"><figure class="gallery__figure">
      <a class="gallery__link" href="/img/${n}.jpg?format=1500w" data-lightbox-item${title ? ` data-title="${title}"` : ''}><img src="/img/${n}.jpg?format=1000w" srcset="/img/${n}.jpg?format=500w 500w, /img/${n}.jpg?format=1500w 1500w" alt="Alt ${n}" width="1500" height="1000"></a>
      ${title ? `<figcaption class="gallery__meta"><span class="gallery__title">${title}</span>${description ? `<span class="gallery__description"><p>${description}</p></span>` : ''}</figcaption>` : ''}
    </figure></li>`;
  return `<section class="gallery" aria-label="Studio gallery" data-island="gallery" data-lightbox="true" data-lightbox-theme="${theme}"><ul class="gallery__items">
    ${item(1, 'Shelves', 'Glazed work waiting.')}${item(2, 'At the wheel', '')}${item(3, '', '')}</ul></section>`;
}

function mountGallery(theme = 'dark') {
  document.body.innerHTML = galleryMarkup(theme);
  const gallery = document.querySelector<HTMLElement>('[data-island="gallery"]')!;
  const container = document.createElement('div');
  document.body.append(container);
  render(<GalleryLightbox gallery={gallery} />, { container });
  const links = [...gallery.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')];
  const dialog = () => container.querySelector('dialog')!;
  return { gallery, links, dialog };
}

const position = () => document.querySelector('.lightbox__position')?.textContent;
const key = (target: Element, k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(target, { key: k, ...init });

describe('gallery images', () => {
  it('reads each lightbox link: target, srcset, alt, size, title (even without a caption) and description', () => {
    document.body.innerHTML = galleryMarkup();
    const { images, links } = galleryImages(document.querySelector<HTMLElement>('.gallery')!);
    expect(links).toHaveLength(3);
    expect(images[0]).toEqual({
      href: 'http://localhost/img/1.jpg?format=1500w',
      srcset: '/img/1.jpg?format=500w 500w, /img/1.jpg?format=1500w 1500w',
      alt: 'Alt 1',
      width: 1500,
      height: 1000,
      title: 'Shelves',
      description: 'Glazed work waiting.',
    });
    expect(images[2]).toMatchObject({ title: '', description: '' });
  });

  it('steps round both ends and tells a sideways swipe from a scroll or a tap', () => {
    expect([wrapIndex(0, -1, 3), wrapIndex(2, 1, 3), wrapIndex(1, 1, 3), wrapIndex(0, 1, 0)]).toEqual([2, 0, 2, 0]);
    expect(swipeDirection(-80, 10)).toBe(1);
    expect(swipeDirection(80, -10)).toBe(-1);
    expect(swipeDirection(-30, 0)).toBe(0);
    expect(swipeDirection(-80, 70)).toBe(0);
  });
});

describe('the gallery lightbox', () => {
  it('opens the clicked image large with its caption and position instead of following the link', () => {
    const { links, dialog } = mountGallery();
    expect(dialog().open).toBe(false);
    let followed = true;
    act(() => {
      followed = fireEvent.click(links[1]!);
    });
    expect(followed).toBe(false);
    expect(dialog().open).toBe(true);
    expect(dialog().getAttribute('aria-label')).toBe('Studio gallery');
    const image = within(dialog()).getByRole('img', { name: 'Alt 2' });
    expect(image.getAttribute('src')).toBe('http://localhost/img/2.jpg?format=1500w');
    expect(image.getAttribute('sizes')).toBe('100vw');
    expect(dialog().querySelector('.lightbox__title')?.textContent).toBe('At the wheel');
    expect(dialog().querySelector('.lightbox__description')).toBeNull();
    expect(position()).toBe('2 of 3');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: LIGHTBOX_STRINGS.close }));
  });

  it('leaves a click with a modifier key (a new tab) to the browser', () => {
    const { links, dialog } = mountGallery();
    expect(fireEvent.click(links[0]!, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(links[0]!, { button: 1 })).toBe(true);
    expect(dialog().open).toBe(false);
  });

  it('goes to the previous and next image by button and arrow key, round both ends, and to the ends with Home and End', () => {
    const { links, dialog } = mountGallery();
    act(() => void fireEvent.click(links[0]!));
    expect(position()).toBe('1 of 3');
    act(() => void key(dialog(), 'ArrowRight'));
    expect(position()).toBe('2 of 3');
    act(() => void fireEvent.click(screen.getByRole('button', { name: LIGHTBOX_STRINGS.next })));
    expect(position()).toBe('3 of 3');
    expect(within(dialog()).getByRole('img').getAttribute('alt')).toBe('Alt 3');
    expect(dialog().querySelector('.lightbox__title')).toBeNull();
    act(() => void key(dialog(), 'ArrowRight'));
    expect(position()).toBe('1 of 3');
    act(() => void key(dialog(), 'ArrowLeft'));
    expect(position()).toBe('3 of 3');
    act(() => void fireEvent.click(screen.getByRole('button', { name: LIGHTBOX_STRINGS.previous })));
    expect(position()).toBe('2 of 3');
    act(() => void key(dialog(), 'Home'));
    expect(position()).toBe('1 of 3');
    act(() => void key(dialog(), 'End'));
    expect(position()).toBe('3 of 3');
  });

  it('swipes: left brings the next image, right the previous; a short or mostly vertical move does nothing', () => {
    const { links, dialog } = mountGallery();
    act(() => void fireEvent.click(links[0]!));
    const stage = dialog().querySelector('.lightbox__stage')!;
    const swipe = (dx: number, dy: number, pointerType = 'touch') =>
      act(() => {
        fireEvent.pointerDown(stage, { pointerId: 7, pointerType, clientX: 200, clientY: 300 });
        fireEvent.pointerUp(stage, { pointerId: 7, pointerType, clientX: 200 + dx, clientY: 300 + dy });
      });
    swipe(-90, 5);
    expect(position()).toBe('2 of 3');
    swipe(90, -5);
    expect(position()).toBe('1 of 3');
    swipe(-20, 0);
    swipe(-60, 80);
    swipe(-90, 0, 'mouse');
    expect(position()).toBe('1 of 3');
  });

  it('keeps focus inside: Tab and Shift+Tab go round its buttons', () => {
    const { links, dialog } = mountGallery();
    act(() => void fireEvent.click(links[0]!));
    const [close, previous, next] = [LIGHTBOX_STRINGS.close, LIGHTBOX_STRINGS.previous, LIGHTBOX_STRINGS.next].map((name) => screen.getByRole('button', { name }));
    expect(document.activeElement).toBe(close);
    key(dialog(), 'Tab');
    expect(document.activeElement).toBe(previous);
    key(dialog(), 'Tab');
    expect(document.activeElement).toBe(next);
    key(dialog(), 'Tab');
    expect(document.activeElement).toBe(close);
    key(dialog(), 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(next);
  });

  it('closes by its button, by Escape (the dialog closing) and by a click beside the image, and gives focus back to the link that opened it', () => {
    const { links, dialog } = mountGallery();
    act(() => void fireEvent.click(links[1]!));
    act(() => void fireEvent.click(screen.getByRole('button', { name: LIGHTBOX_STRINGS.close })));
    expect(dialog().open).toBe(false);
    expect(dialog().querySelector('img')).toBeNull();
    expect(document.activeElement).toBe(links[1]);

    act(() => void fireEvent.click(links[2]!));
    act(() => void fireEvent.keyDown(dialog(), { key: 'ArrowLeft' }));
    // Escape: the browser closes the modal dialog itself (its cancel), which the lightbox follows.
    act(() => dialog().close());
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(links[2]);

    act(() => void fireEvent.click(links[0]!));
    act(() => void fireEvent.click(dialog().querySelector('.lightbox__image')!));
    expect(dialog().open).toBe(true);
    act(() => void fireEvent.click(dialog().querySelector('.lightbox__stage')!));
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(links[0]);
  });

  it('takes the light theme when the gallery asks for it (lightboxTheme)', () => {
    const { dialog } = mountGallery('light');
    expect(dialog().className).toBe('lightbox lightbox--light');
    expect(mountGallery('dark').dialog().className).toBe('lightbox lightbox--dark');
  });
});
