import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ROUTES } from '../src/owner/app/routes';
import { makeStore } from '../src/owner/app/store';
import { ConfirmProvider } from '../src/owner/ui/confirm-dialog';

/** A fake answer: JSON with a status (200 unless said). */
export type FakeAnswer = { status?: number; body?: unknown };
/** Answers by "METHOD /api/path" (query string included when the request has one). */
export type FakeServer = Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>;

export const ADMIN_SESSION = { xsrfToken: 'x', owner: { id: 'o1', email: 'owner@example.com', roles: ['admin'] } };
export const SITE_SUMMARY = { website: { id: 'w1', siteTitle: 'Clay & Co.' } };

/**
 * Replaces `fetch` with `server`'s answers for the owner app's component tests; requests it does
 * not know answer 404 and are listed in `unknown`. Every request is recorded in `calls`.
 */
export function fakeFetch(server: FakeServer) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const unknown: string[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text === '' ? undefined : (JSON.parse(text) as unknown);
    const key = `${request.method} ${url.pathname}${url.search}`;
    calls.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
    const entry = server[key];
    if (!entry) unknown.push(key);
    const answer = typeof entry === 'function' ? entry(body) : (entry ?? { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, unknown, fetchMock };
}

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
