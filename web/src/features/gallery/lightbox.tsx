import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { swipeDirection, wrapIndex, type LightboxImage } from './gallery-items';
import './lightbox.css';

/** The lightbox's own words (the theme's English, like the gallery's controls). */
export const LIGHTBOX_STRINGS = {
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
  position: '{n} of {count}',
} as const;

export type LightboxProps = {
  images: LightboxImage[];
  /** The image shown; null: closed. */
  index: number | null;
  /** SPEC 3 `lightboxTheme`. */
  theme: 'dark' | 'light';
  /** The gallery's name, which the dialog takes. */
  label: string;
  onIndex(index: number): void;
  onClose(): void;
};

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * A gallery's images one at a time, large, in a modal <dialog> (the page behind is inert and
 * focus stays inside): previous and next by button, arrow keys and a sideways swipe; Escape, the
 * close button or a click beside the image closes it. The caller restores focus on `onClose`.
 */
export function Lightbox({ images, index, theme, label, onIndex, onClose }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const open = index !== null;
  const count = images.length;
  const image = index === null ? null : images[index];

  // Opened in the same commit that renders the image (a layout effect, not a passive one): with a
  // passive effect the caption was on screen a moment before the dialog was modal, and a click in
  // that moment went to the page behind while the dialog opened after it and stayed open.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>('.lightbox__close')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  // Every way of closing (Escape, the close button, a click beside the image) ends in the
  // dialog's own close, which tells the caller.
  const close = () => dialog.current?.close();

  // The neighbours load while this image is looked at, so the next one shows at once.
  useEffect(() => {
    if (index === null || count < 2) return;
    for (const step of [1, -1]) {
      const near = images[wrapIndex(index, step, count)]!;
      const preload = new Image();
      preload.sizes = '100vw';
      if (near.srcset) preload.srcset = near.srcset;
      preload.src = near.href;
    }
  }, [index, images, count]);

  const go = (step: number) => index !== null && count > 1 && onIndex(wrapIndex(index, step, count));

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (index === null) return;
    const keys: Record<string, () => void> = {
      ArrowLeft: () => go(-1),
      ArrowRight: () => go(1),
      Home: () => onIndex(0),
      End: () => onIndex(count - 1),
    };
    if (keys[event.key] && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      keys[event.key]!();
    } else if (event.key === 'Tab') {
      // Focus goes round the dialog's controls and never to the page behind or the browser.
      const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button')];
      const at = controls.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? 0 : wrapIndex(at, event.shiftKey ? -1 : 1, controls.length);
      event.preventDefault();
      controls[next]?.focus();
    }
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const direction = swipeDirection(event.clientX - start.x, event.clientY - start.y);
    if (direction !== 0) go(direction);
  };

  // A click on the dialog itself (the dim area around the image), not on its content, closes it.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget || (event.target as HTMLElement).classList.contains('lightbox__stage')) close();
  };

  return (
    <dialog
      ref={dialog}
      className={`lightbox lightbox--${theme}`}
      aria-label={label}
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {image && index !== null ? (
        <>
          <div className="lightbox__stage" onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (swipe.current = null)}>
            <img
              key={index}
              className="lightbox__image"
              src={image.href}
              srcSet={image.srcset || undefined}
              sizes={image.srcset ? '100vw' : undefined}
              alt={image.alt}
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              decoding="async"
              draggable={false}
            />
          </div>
          <div className="lightbox__caption">
            {image.title ? <p className="lightbox__title">{image.title}</p> : null}
            {image.description ? <p className="lightbox__description">{image.description}</p> : null}
            {count > 1 ? (
              <p className="lightbox__position" aria-live="polite">
                {LIGHTBOX_STRINGS.position.replace('{n}', String(index + 1)).replace('{count}', String(count))}
              </p>
            ) : null}
          </div>
          <button type="button" className="lightbox__button lightbox__close" aria-label={LIGHTBOX_STRINGS.close} onClick={close}>
            <Icon d="M6 6l12 12M18 6L6 18" />
          </button>
          {count > 1 ? (
            <>
              <button type="button" className="lightbox__button lightbox__prev" aria-label={LIGHTBOX_STRINGS.previous} onClick={() => go(-1)}>
                <Icon d="M15 5l-7 7 7 7" />
              </button>
              <button type="button" className="lightbox__button lightbox__next" aria-label={LIGHTBOX_STRINGS.next} onClick={() => go(1)}>
                <Icon d="M9 5l7 7-7 7" />
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}
