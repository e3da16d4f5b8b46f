import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { islands } from './app/islands';
import { readSiteContext } from './app/site-context';
import { store } from './app/store';

/** Mounts every `[data-island]` of the server-rendered page; all islands share one store. */
function mountIslands(doc: Document) {
  const context = readSiteContext(doc);
  for (const element of doc.querySelectorAll<HTMLElement>('[data-island]')) {
    const render = islands[element.dataset.island ?? ''];
    if (!render) continue;
    createRoot(element).render(
      <StrictMode>
        <Provider store={store}>{render(element.dataset, context)}</Provider>
      </StrictMode>,
    );
  }
}

mountIslands(document);
