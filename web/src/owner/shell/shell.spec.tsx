/** @jest-environment ./web/test/dom-environment.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionEnded } from '../app/api';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY } from '../../../test/owner-app';

const managerSession = { ...ADMIN_SESSION, owner: { ...ADMIN_SESSION.owner, email: 'shop@example.com', roles: ['store manager'] } };

afterEach(() => jest.restoreAllMocks());

describe('the owner app shell', () => {
  it("shows the site, the sections the owner's roles open, and who is signed in", async () => {
    fakeFetch({ 'GET /api/config/session': { body: ADMIN_SESSION }, 'GET /api/site/settings': { body: SITE_SUMMARY } });
    renderOwnerApp('/');
    const panel = await screen.findByRole('navigation', { name: 'Editor' });
    expect(await within(panel).findByRole('link', { name: 'Clay & Co.' })).toBeTruthy();
    expect(within(panel).getAllByRole('link').map((a) => a.textContent)).toEqual(['Clay & Co.', 'View site ↗', 'Pages', 'Products', 'Orders', 'Forms', 'Restock', 'Settings', 'Mail', 'Analytics']);
    expect(within(panel).getByText('owner@example.com')).toBeTruthy();
  });

  it('hides what a store manager may not open', async () => {
    fakeFetch({ 'GET /api/config/session': { body: managerSession }, 'GET /api/site/settings': { body: SITE_SUMMARY } });
    renderOwnerApp('/');
    const panel = await screen.findByRole('navigation', { name: 'Editor' });
    await within(panel).findByText('shop@example.com');
    const sections = within(panel).getAllByRole('listitem').map((li) => li.textContent);
    expect(sections).toEqual(['Products', 'Orders', 'Restock']);
  });

  it("answers a typed address of a section the owner's roles do not open with a refusal, asking the server nothing of it", async () => {
    const { calls } = fakeFetch({ 'GET /api/config/session': { body: managerSession }, 'GET /api/site/settings': { body: SITE_SUMMARY } });
    for (const path of ['/pages', '/pages/about/content', '/pages/about/settings', '/settings']) {
      const view = renderOwnerApp(path);
      expect(await screen.findByRole('heading', { name: /is not open to your account$/ })).toBeTruthy();
      expect(screen.getByText('Your roles: store manager. An admin can change them.')).toBeTruthy();
      view.unmount();
    }
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/site/collections') || p.startsWith('/api/commondata'))).toEqual([]);
    renderOwnerApp('/products');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
  });

  it('goes to the sign-in page when the session has ended (401)', async () => {
    const ended = jest.spyOn(sessionEnded, 'handle').mockImplementation(() => undefined);
    fakeFetch({ 'GET /api/config/session': { status: 401, body: { code: 'UNAUTHENTICATED', message: 'Sign in to continue.' } } });
    renderOwnerApp('/');
    await waitFor(() => expect(ended).toHaveBeenCalled());
  });

  it('signs out with the session API and leaves for the sign-in page', async () => {
    const ended = jest.spyOn(sessionEnded, 'handle').mockImplementation(() => undefined);
    const { calls } = fakeFetch({
      'GET /api/config/session': { body: ADMIN_SESSION },
      'GET /api/site/settings': { body: SITE_SUMMARY },
      'DELETE /api/config/session': { status: 204 },
    });
    renderOwnerApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(ended).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/config/session')).toBe(true);
  });

  it('answers an unknown editor path with its own not-found screen', async () => {
    fakeFetch({ 'GET /api/config/session': { body: ADMIN_SESSION }, 'GET /api/site/settings': { body: SITE_SUMMARY } });
    renderOwnerApp('/no/such/screen');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
  });
});
