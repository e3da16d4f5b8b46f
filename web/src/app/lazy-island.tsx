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
      createRoot(element).render(
        <StrictMode>
          <Provider store={store}>{node}</Provider>
        </StrictMode>,
      );
    },
    (error: unknown) => console.error(`The ${name} island failed to load`, error),
  );
  return null;
}
