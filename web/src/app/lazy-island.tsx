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
