import { swipeDirection, wrapIndex } from './gallery-items';

/** What the slideshow's own buttons say (the theme renders Previous and Next; Pause/Play is the island's). */
export const SLIDESHOW_STRINGS = {
  pause: 'Pause',
  play: 'Play',
  /** Read after the visible word: "Pause slideshow", "Play slideshow". */
  what: ' slideshow',
} as const;

export type SlideshowOptions = {
  /** Whether the visitor asked for less motion (prefers-reduced-motion): no autoplay unless they press Play, no smooth scrolling. */
  reducedMotion: boolean;
};

export type Slideshow = {
  /** The slide shown (0-based). */
  readonly index: number;
  /** Whether autoplay is moving the slides now. */
  readonly playing: boolean;
  go(index: number): void;
  destroy(): void;
};

/** How long a move of ours may take before it is put where it was going (a smooth scroll takes well under a second). */
const SETTLE_MS = 1500;
/** The same once focus has come into the gallery during the move. */
const FOCUS_SETTLE_MS = 250;
const reducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * SPEC 3 gallery designs slideshow and slider, on the server's markup (gallery-view.jsont): the
 * previous/next controls (`controls`), autoplay every `autoplay-duration` seconds (`autoplay`),
 * paused while the pointer is over the gallery or focus is in it, while the tab is hidden, and
 * from the start for prefers-reduced-motion; its Pause/Play button (WCAG 2.2.2) is always there
 * when autoplay is on. The thumbnail strip (`thumbnails`) shows the slide it names and keeps the
 * current one marked and in view at the `active-alignment`. Arrow keys, Home and End move the
 * slides from anywhere in the gallery; on a touch screen a swipe sideways does. Without
 * JavaScript the slides scroll and snap, and the thumbnails are links to their slide.
 */
export function enhanceSlideshow(gallery: HTMLElement, options: SlideshowOptions = { reducedMotion: reducedMotion() }): Slideshow | null {
  const list = gallery.querySelector<HTMLElement>('.gallery__items');
  const slides = list ? [...list.querySelectorAll<HTMLElement>(':scope > .gallery__item')] : [];
  if (!list || slides.length < 2) return null;
  const design = gallery.dataset.design === 'slider' ? 'slider' : 'slideshow';
  const alignment = gallery.classList.contains('gallery--align-left') ? 'left' : gallery.classList.contains('gallery--align-right') ? 'right' : 'center';
  const seconds = Math.min(10, Math.max(1, Number(gallery.dataset.autoplayDuration) || 5));
  const autoplay = gallery.dataset.autoplay === 'true';
  const bar = gallery.querySelector<HTMLElement>('.gallery__controls');
  const prev = bar?.querySelector<HTMLButtonElement>('[data-gallery-prev]') ?? null;
  const next = bar?.querySelector<HTMLButtonElement>('[data-gallery-next]') ?? null;
  const playButton = autoplay ? bar?.querySelector<HTMLButtonElement>('[data-gallery-play]') ?? null : null;
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>('.gallery__thumbs .gallery__thumb')];
  const strip = gallery.querySelector<HTMLElement>('.gallery__thumbs');

  let index = 0;
  let userPaused = options.reducedMotion;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The slide a scroll of ours is on its way to: scroll events meanwhile do not change the current slide. */
  let heading: number | null = null;
  /** That move was sent on once already after something stopped it. */
  let resent = false;
  /** Checks that a move of ours arrived (see `settleLater`). */
  let settleTimer: ReturnType<typeof setTimeout> | null = null;
  const cleanups: (() => void)[] = [];
  const on = <E extends Event>(target: EventTarget, type: string, listener: (event: E) => void, opts?: AddEventListenerOptions) => {
    target.addEventListener(type, listener as EventListener, opts);
    cleanups.push(() => target.removeEventListener(type, listener as EventListener, opts));
  };

  /** Where the list's scroll puts slide `i` at the gallery's alignment. */
  function scrollLeftOf(i: number): number {
    const slide = slides[i]!;
    const offset = slide.getBoundingClientRect().left - list!.getBoundingClientRect().left + list!.scrollLeft;
    const free = list!.clientWidth - slide.offsetWidth;
    const at = design === 'slideshow' || alignment === 'left' ? offset : alignment === 'right' ? offset - free : offset - free / 2;
    return Math.max(0, Math.min(at, list!.scrollWidth - list!.clientWidth));
  }

  /** The slide the list's scroll shows now: the one whose aligned position is nearest. */
  function shownByScroll(): number {
    let best = index;
    let distance = Infinity;
    slides.forEach((_s, i) => {
      const d = Math.abs(scrollLeftOf(i) - list!.scrollLeft);
      if (d < distance) [best, distance] = [i, d];
    });
    return best;
  }

  // Not behind the lightbox either (a modal <dialog> outside the gallery).
  const playing = () => autoplay && !userPaused && !hovered && !focused && !document.hidden && !document.querySelector('dialog[open]');

  function schedule() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (playing()) timer = setTimeout(() => go(index + 1), seconds * 1000);
    // Screen readers hear each slide as the visitor moves it, not every few seconds.
    list!.setAttribute('aria-live', playing() ? 'off' : 'polite');
    gallery.dataset.playing = String(playing());
  }

  function mark(i: number) {
    index = i;
    gallery.dataset.current = String(i);
    thumbs.forEach((thumb, t) => {
      if (t === i) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    const thumb = thumbs[i];
    if (strip && thumb) {
      // The current thumbnail in view, at the gallery's active alignment, without moving the page.
      const offset = thumb.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
      const free = strip.clientWidth - thumb.offsetWidth;
      const left = alignment === 'left' ? offset : alignment === 'right' ? offset - free : offset - free / 2;
      strip.scrollTo?.({ left: Math.max(0, left), behavior: options.reducedMotion ? 'auto' : 'smooth' });
    }
  }

  function go(to: number) {
    const i = wrapIndex(to, 0, slides.length);
    heading = i;
    resent = false;
    mark(i);
    list!.scrollTo?.({ left: scrollLeftOf(i), behavior: options.reducedMotion ? 'auto' : 'smooth' });
    settleLater(SETTLE_MS);
    schedule();
  }

  /**
   * A smooth scroll stopped before it moved fires no `scrollend` (focus coming into the gallery
   * stops one that way on a busy machine), and would leave the list showing the old slide while
   * the thumbnails mark the new one. So a move of ours still on its way after `ms` goes there at once.
   */
  function settleLater(ms: number) {
    if (settleTimer !== null) clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      settleTimer = null;
      if (heading === null) return;
      const target = scrollLeftOf(heading);
      heading = null;
      if (Math.abs(list!.scrollLeft - target) > 1) list!.scrollTo?.({ left: target, behavior: 'auto' });
    }, ms);
  }

  function showPlayState() {
    if (!playButton) return;
    const hidden = gallery.ownerDocument.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = SLIDESHOW_STRINGS.what;
    playButton.replaceChildren(userPaused ? SLIDESHOW_STRINGS.play : SLIDESHOW_STRINGS.pause, hidden);
    playButton.setAttribute('aria-pressed', String(userPaused));
  }

  if (prev) on(prev, 'click', () => go(index - 1));
  if (next) on(next, 'click', () => go(index + 1));
  if (playButton) {
    on(playButton, 'click', () => {
      userPaused = !userPaused;
      showPlayState();
      schedule();
    });
  }
  thumbs.forEach((thumb, t) => on(thumb, 'click', (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(t);
  }));

  on(gallery, 'keydown', (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as Element;
    if (!target.closest?.('.gallery__items, .gallery__controls, .gallery__thumbs')) return;
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: slides.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });

  on(gallery, 'mouseenter', () => {
    hovered = true;
    schedule();
  });
  on(gallery, 'mouseleave', () => {
    hovered = false;
    schedule();
  });
  on(gallery, 'focusin', () => {
    focused = true;
    // Focus coming in may stop a move of ours on its way: it arrives soon after, whatever happened.
    if (heading !== null) settleLater(FOCUS_SETTLE_MS);
    schedule();
  });
  on(gallery, 'focusout', (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && gallery.contains(event.relatedTarget)) return;
    focused = false;
    schedule();
  });
  on(gallery.ownerDocument, 'visibilitychange', () => schedule());

  if (design === 'slideshow') {
    // A swipe sideways is one slide (the list leaves vertical panning to the page: .gallery--enhanced).
    let start: { x: number; y: number } | null = null;
    on(list, 'touchstart', (event: TouchEvent) => {
      const touch = event.touches[0];
      start = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
      heading = null;
    }, { passive: true });
    on(list, 'touchend', (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const step = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
      start = null;
      if (step !== 0) go(index + step);
    });
  }

  // The visitor's own scrolling (a trackpad, a scrollbar, a slider swiped natively) moves the
  // current slide too. A move of ours is left alone until it arrives: only the visitor's input
  // (touch, wheel, pointer) takes over from it; anything else that stops it on the way (focus
  // coming into the gallery does) takes it there at once.
  let frame = 0;
  const visitorTakesOver = () => {
    heading = null;
    if (settleTimer !== null) clearTimeout(settleTimer);
    settleTimer = null;
  };
  on(list, 'scroll', () => {
    if (frame || heading !== null) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const shown = shownByScroll();
      if (heading === null && shown !== index) {
        mark(shown);
        schedule();
      }
    });
  }, { passive: true });
  on(list, 'scrollend', () => {
    if (heading === null) {
      const shown = shownByScroll();
      if (shown !== index) {
        mark(shown);
        schedule();
      }
      return;
    }
    const target = scrollLeftOf(heading);
    if (Math.abs(list!.scrollLeft - target) <= 1) {
      heading = null;
      return;
    }
    if (!resent) {
      // Stopped on the way (focus coming in makes the browser stop it): it arrives at once.
      resent = true;
      list!.scrollTo?.({ left: target, behavior: 'auto' });
      return;
    }
    heading = null;
    const shown = shownByScroll();
    if (shown !== index) mark(shown);
  });
  on(list, 'wheel', visitorTakesOver, { passive: true });
  on(list, 'pointerdown', visitorTakesOver, { passive: true });
  on(list, 'touchstart', visitorTakesOver, { passive: true });

  gallery.classList.add('gallery--enhanced');
  if (bar && (prev || next || playButton)) bar.hidden = false;
  showPlayState();
  mark(0);
  schedule();

  return {
    get index() {
      return index;
    },
    get playing() {
      return playing();
    },
    go,
    destroy() {
      if (timer !== null) clearTimeout(timer);
      if (settleTimer !== null) clearTimeout(settleTimer);
      if (frame) cancelAnimationFrame(frame);
      cleanups.forEach((c) => c());
      gallery.classList.remove('gallery--enhanced');
    },
  };
}
