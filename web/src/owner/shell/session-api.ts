import { ownerApi } from '../app/api';

/** The signed-in owner as GET /api/config/session tells it. */
export type SessionOwner = { id: string; email: string; roles: string[]; permissions?: string[] };
export type OwnerSession = { xsrfToken: string; owner: SessionOwner };
/** What the panel's header shows of the site (GET /api/site/settings). */
export type SiteSummary = { website: { id: string; siteTitle: string; timeZone?: string } };

export const sessionApi = ownerApi.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<OwnerSession, void>({ query: () => 'config/session', providesTags: ['Session'] }),
    getSiteSummary: build.query<SiteSummary, void>({ query: () => 'site/settings', providesTags: ['Site'] }),
    signOut: build.mutation<void, void>({ query: () => ({ url: 'config/session', method: 'DELETE' }) }),
  }),
});

export const { useGetSessionQuery, useGetSiteSummaryQuery, useSignOutMutation } = sessionApi;
