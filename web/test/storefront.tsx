import { configureStore } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { api } from '../src/app/api';

/** A fresh storefront store (the islands' one api), so no test sees another's cache. */
export function storefrontStore() {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export function withStore(children: ReactNode, store = storefrontStore()) {
  return <Provider store={store}>{children}</Provider>;
}

export type Answer = { status?: number; body?: unknown } | Promise<never>;
export type Call = { method: string; path: string; body: unknown; headers: Headers };

/**
 * A fake API behind fetch: `answer` is asked for each request (method, path, body) and says the
 * status and JSON body, or throws / rejects for a network failure. Every request is recorded.
 */
export function fakeApi(answer: (call: Call) => Answer | Promise<Answer>) {
  const calls: Call[] = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = { method: request.method, path: url.pathname, body: text === '' ? undefined : JSON.parse(text), headers: request.headers };
    calls.push(call);
    const result = await answer(call);
    const status = (result as { status?: number }).status ?? 200;
    return new Response(JSON.stringify((result as { body?: unknown }).body ?? {}), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, fetchMock };
}
