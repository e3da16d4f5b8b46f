import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
// The DOM RouterProvider: navigations asked with flushSync (controlled inputs bound to the address) update at once.
import { RouterProvider } from 'react-router/dom';
import { BASENAME, ROUTES } from './app/routes';
import { makeStore } from './app/store';
import { ConfirmProvider } from './ui/confirm-dialog';
import './owner.css';

/** The owner app (/config): one page, its own bundle; published pages never load it. */
const store = makeStore();
const router = createBrowserRouter(ROUTES, { basename: BASENAME });

createRoot(document.getElementById('owner-app')!).render(
  <StrictMode>
    <Provider store={store}>
      <ConfirmProvider>
        <RouterProvider router={router} />
      </ConfirmProvider>
    </Provider>
  </StrictMode>,
);
