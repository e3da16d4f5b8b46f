/** @jest-environment ./web/test/dom-environment.cjs */
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp } from '../../../../test/owner-app';

afterEach(() => jest.restoreAllMocks());

/** Concurrent editing (issue 12 item 9) on the Settings screen: saves based on the website's version. */
function server() {
  const state = { version: 5, siteTitle: 'Clay & Co.', timeZone: 'America/New_York' };
  const view = () => ({
    website: { id: 'w1', siteTitle: state.siteTitle, timeZone: state.timeZone, logoImageId: null },
    settings: {
      siteTitle: state.siteTitle, timeZone: state.timeZone, currency: 'USD', logoImageId: null, expressCheckout: false, multipleQuantityAllowedForServices: null,
      checkoutMinimumSubtotalCents: null,
    },
    storeSettings: { selectedCurrency: 'USD', expressCheckout: false, multipleQuantityAllowedForServices: true, checkoutMinimumSubtotalCents: 0 },
    version: state.version,
  });
  const fake = fakeFetch({
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': () => ({ body: view() }),
    'GET /api/media/images': { body: { images: [] } },
    'PUT /api/site/settings': (body, headers) => {
      const based = Number(headers.get('If-Match')?.replace(/"/g, ''));
      if (based !== state.version) return { status: 409, body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion: based, currentVersion: state.version } };
      Object.assign(state, body);
      state.version += 1;
      return { body: view() };
    },
  });
  /** Someone else changes the time zone meanwhile. */
  const someoneElse = () => {
    state.timeZone = 'Europe/Paris';
    state.version += 1;
  };
  return { ...fake, state, someoneElse };
}

describe('the settings screen', () => {
  it('saves based on the version it read; a refused save applied on top sends only what this owner changed, and the next is based on its answer', async () => {
    const { calls, state, someoneElse } = server();
    renderOwnerApp('/settings');
    const title = await screen.findByLabelText('Site title');
    someoneElse();
    await userEvent.clear(title);
    await userEvent.type(title, 'Clay and Company');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save settings' })[0]!);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    expect(document.activeElement).toBe(notice);
    await userEvent.click(within(notice).getByRole('button', { name: 'Apply my changes on top' }));
    await screen.findByText('Settings saved. The published site shows them now.');
    // Their time zone stays: only the title was sent.
    expect(state).toMatchObject({ siteTitle: 'Clay and Company', timeZone: 'Europe/Paris', version: 7 });
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toBe('Europe/Paris');

    await userEvent.type(screen.getByLabelText('Site title'), '!');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save settings' })[0]!);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.ifMatch, c.body])).toEqual([
      ['"5"', { siteTitle: 'Clay and Company' }],
      ['"6"', { siteTitle: 'Clay and Company' }],
      ['"7"', { siteTitle: 'Clay and Company!' }],
    ]);
  });

  it('Reload drops the edits and shows the settings as they are now', async () => {
    const { someoneElse } = server();
    renderOwnerApp('/settings');
    const title = await screen.findByLabelText('Site title');
    someoneElse();
    await userEvent.type(title, ' Studio');
    await userEvent.click(screen.getAllByRole('button', { name: 'Save settings' })[0]!);
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toBe('Europe/Paris'));
    expect((screen.getByLabelText('Site title') as HTMLInputElement).value).toBe('Clay & Co.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Save settings' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});
