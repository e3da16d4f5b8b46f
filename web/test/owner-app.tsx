import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ROUTES } from '../src/owner/app/routes';
import { makeStore } from '../src/owner/app/store';
import { ConfirmProvider } from '../src/owner/ui/confirm-dialog';

export { fakeFetch, type FakeAnswer, type FakeCall, type FakeServer } from './fake-fetch';

export const ADMIN_SESSION = { xsrfToken: 'x', owner: { id: 'o1', email: 'owner@example.com', roles: ['admin'] } };
export const SITE_SUMMARY = { website: { id: 'w1', siteTitle: 'Clay & Co.' } };

/** The owner app at `path` (without /config) with a fresh store, as the browser would show it. */
export function renderOwnerApp(path: string, routes: RouteObject[] = ROUTES) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const store = makeStore();
  const view = render(wrap(<RouterProvider router={router} />, store));
  return { ...view, router, store };
}

function wrap(children: ReactNode, store: ReturnType<typeof makeStore>) {
  return (
    <Provider store={store}>
      <ConfirmProvider>{children}</ConfirmProvider>
    </Provider>
  );
}
