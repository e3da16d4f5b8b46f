import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { SiteContext } from './site-context';
import type { AppStore } from './store';

/** Renders an island for its element: what to mount, or null to leave the server's markup as it is. */
export type IslandRender = (data: DOMStringMap, context: SiteContext, element: HTMLElement) => ReactNode | null;

export type MountOptions = {
  /** Told of each `data-island` name that has no code behind it (reported in development). */
  onUnknown?: (name: string, element: HTMLElement) => void;
};

/**
 * Mounts every `[data-island]` of the server-rendered page; all islands share one store. An
 * island that has nothing to add (its render answers null) leaves the server's markup in place.
 * Returns the names mounted, in document order.
 */
export function mountIslands(doc: Document, islands: Record<string, IslandRender>, store: AppStore, context: SiteContext, options: MountOptions = {}): string[] {
  const mounted: string[] = [];
  for (const element of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    const render = Object.prototype.hasOwnProperty.call(islands, name) ? islands[name] : undefined;
    if (!render) {
      options.onUnknown?.(name, element);
      continue;
    }
    const node = render(element.dataset, context, element);
    if (node === null || node === undefined) continue;
    createRoot(element).render(
      <StrictMode>
        <Provider store={store}>{node}</Provider>
      </StrictMode>,
    );
    mounted.push(name);
  }
  return mounted;
}

/** In development, an island name the theme declares but no code mounts is a warning in the console. */
export function reportUnknownIsland(name: string, element: HTMLElement): void {
  console.warn(`No island is registered for data-island="${name}"; the element is left as the server rendered it.`, element);
}
