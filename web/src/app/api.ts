import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query api of the storefront. Each feature injects its endpoints
 * (`features/cart/cart-api.ts`), so every island shares one cache and one middleware.
 */
const XSRF_COOKIE = 'xsrf_token';

/** A signed-in owner browsing the store echoes the session's XSRF token (SPEC 7: requests carry an XSRF header). */
function xsrfToken(): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${XSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(XSRF_COOKIE.length + 1)) : null;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    // Absolute, as the owner app's: a Request needs a full URL outside a page (component tests on jsdom).
    baseUrl: `${window.location.origin}/api`,
    credentials: 'same-origin',
    prepareHeaders: (headers) => {
      const token = xsrfToken();
      if (token) headers.set('X-XSRF-Token', token);
      return headers;
    },
  }),
  endpoints: () => ({}),
});
