import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { store } from './store';

/**
 * Mounts an island whose code is a chunk of its own (`import()`), once the chunk has arrived; the
 * server's markup stays in place until then, and for good when `load` answers null. The island
 * render answers null, so mountIslands leaves the element to this.
 */
export function mountWhenLoaded(element: HTMLElement, name: string, load: () => Promise<ReactNode | null>): null {
  load().then(
    (node) => {
      if (node === null || node === undefined) return;
      // A visitor already in one of the server's controls stays in it when the island takes over.
      const active = document.activeElement;
      const focusedName = active instanceof HTMLInputElement && element.contains(active) ? active.name : null;
      createRoot(element).render(
        <StrictMode>
          <Provider store={store}>{node}</Provider>
        </StrictMode>,
      );
      if (focusedName) {
        requestAnimationFrame(() => element.querySelector<HTMLInputElement>(`input[name="${CSS.escape(focusedName)}"]`)?.focus());
      }
    },
    (error: unknown) => console.error(`The ${name} island failed to load`, error),
  );
  return null;
}

/**
 * Runs `start` once `element` comes within about a screen of the viewport (at once without
 * IntersectionObserver): an island every page has far down (the footer's newsletter) loads its
 * chunk only for a visitor who gets near it.
 */
export function whenNearViewport(element: HTMLElement, start: () => void): null {
  if (typeof IntersectionObserver === 'undefined') {
    start();
    return null;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: '100% 0px' },
  );
  observer.observe(element);
  return null;
}

/** What counts as the visitor starting to use an island's element. */
const INTENT_EVENTS = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/**
 * Runs `start` at the visitor's first sign of using `element` (a pointer down on it, a focus or a
 * key in it): an island that is not the page's own work loads its chunk only for a visitor who
 * uses it (on the cart and checkout pages, the footer's newsletter: those pages' download budget
 * is the purchase path's). A submit that comes first (Enter before any other key event reached
 * the form, or a script) is held rather than posted to the page: the element gets
 * `data-submit-pending`, which the island answers by submitting once it listens
 * (the form island's `takeHeldSubmit`). Once the island marks the element `data-island-ready`, submits are its own.
 */
export function whenInteracted(element: HTMLElement, start: () => void): null {
  let started = false;
  const begin = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) element.removeEventListener(type, begin, true);
    start();
  };
  for (const type of INTENT_EVENTS) element.addEventListener(type, begin, { capture: true, passive: true });
  const holdSubmit = (event: Event) => {
    if (element.dataset.islandReady === 'true') {
      element.removeEventListener('submit', holdSubmit, true);
      return;
    }
    event.preventDefault();
    element.dataset.submitPending = 'true';
    begin();
  };
  element.addEventListener('submit', holdSubmit, true);
  return null;
}
