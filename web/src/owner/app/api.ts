import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/**
 * The owner app's one RTK Query api over the owner APIs (`/api/...`). Each feature injects its
 * endpoints (`features/<name>/<name>-api.ts`) and names the tags it provides and invalidates, so
 * a save refreshes every screen that shows what it changed.
 *
 * Every state-changing request carries the session's XSRF token (the server refuses it otherwise);
 * an answer of 401 means the session has ended, and the app goes to the sign-in page.
 */
export const SIGN_IN_PATH = '/config/login';
const XSRF_COOKIE = 'xsrf_token';

export function xsrfToken(): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(XSRF_COOKIE.length + 1)) : null;
}

const rawBaseQuery = fetchBaseQuery({
  // Absolute, so the same requests work in a component test (jsdom on Node's fetch).
  baseUrl: `${window.location.origin}/api`,
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    const token = xsrfToken();
    if (token) headers.set('X-XSRF-Token', token);
    return headers;
  },
});

/** Sends the browser to the sign-in page (replaceable in component tests). */
export const sessionEnded = { handle: () => window.location.assign(SIGN_IN_PATH) };

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401) sessionEnded.handle();
  return result;
};

/** The tags features use; a new feature adds its own here. */
export const TAG_TYPES = ['Session', 'Site', 'Page', 'Layout', 'Product', 'Order', 'Image', 'History', 'Form', 'Mail', 'Restock'] as const;

export const ownerApi = createApi({
  reducerPath: 'ownerApi',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

/** The API's error answer (SPEC 8): a code and a message in words. */
export type ApiError = { code?: string; message?: string; details?: Record<string, unknown> };

/** The words to show for a failed request: the server's message, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: ApiError } | undefined)?.data;
  if (data && typeof data === 'object' && typeof data.message === 'string' && data.message !== '') return data.message;
  if ((error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR') return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}
