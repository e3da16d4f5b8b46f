/** @jest-environment ./web/test/dom-environment.cjs */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, type FakeServer } from '../../../../test/owner-app';
import { UNSAVED_CHANGES_TITLE } from '../../ui/unsaved-changes';
import type { SettingsView } from './settings-api';

const SETTINGS = {
  siteTitle: 'Clay & Co.', siteTagLine: '', timeZone: 'America/New_York', language: 'en-US', currency: 'USD', useCLDRMoneyFormat: true,
  siteStatus: 'paid', expiration: null, websiteType: 'website', commentsEnabled: true, simpleLikingEnabled: true, disqusShortname: null,
  shareButtonOptions: { facebook: true, twitter: true, pinterest: false, linkedin: false, reddit: false, tumblr: false, email: false },
  socialAccounts: [], logoImageId: null, captchaSiteKey: null, expressCheckout: false, multipleQuantityAllowedForServices: null,
  checkoutMinimumSubtotalCents: null,
} as const;

function view(settings: Partial<SettingsView['settings']> = {}, store: Partial<SettingsView['storeSettings']> = {}): SettingsView {
  const s = { ...SETTINGS, ...settings } as SettingsView['settings'];
  return {
    website: { id: 'w1', siteTitle: s.siteTitle, timeZone: s.timeZone, logoImageId: s.logoImageId },
    settings: s,
    storeSettings: {
      selectedCurrency: s.currency, expressCheckout: s.expressCheckout, multipleQuantityAllowedForServices: s.multipleQuantityAllowedForServices ?? true,
      checkoutMinimumSubtotalCents: s.checkoutMinimumSubtotalCents ?? 0, ...store,
    },
  };
}

const IMAGE = {
  id: 'img-logo', assetUrl: '/static/images/img-logo/logo.png', originalSize: '200x80', mediaFocalPoint: { x: 0.5, y: 0.5 }, altText: '', title: '', body: '',
  filename: 'logo.png', systemDataVariants: '', contentType: 'image/png', byteLength: 100, addedOn: 0,
};

function server(extra: FakeServer = {}): FakeServer {
  return {
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: view() },
    'GET /api/media/images': { body: { images: [] } },
    ...extra,
  };
}

afterEach(() => jest.restoreAllMocks());

describe('the settings screen', () => {
  it('shows the settings in force, labelled, with the store’s default minimum explained', async () => {
    fakeFetch(server());
    renderOwnerApp('/settings');
    expect(((await screen.findByLabelText('Site title')) as HTMLInputElement).value).toBe('Clay & Co.');
    expect((screen.getByLabelText('Time zone') as HTMLInputElement).value).toBe('America/New_York');
    expect((screen.getByLabelText('Store currency') as HTMLSelectElement).value).toBe('USD');
    expect(screen.getByLabelText('Store currency').querySelectorAll('option')).toHaveLength(27);
    const minimum = screen.getByLabelText('Checkout minimum') as HTMLInputElement;
    expect(minimum.value).toBe('0.00');
    expect(minimum.getAttribute('aria-describedby')).toBe('settings-checkoutMinimum-hint');
    expect(screen.getByText(/This is the store’s default until you save an amount here\./)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Express checkout' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Allow more than one of a service' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Save settings' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('saves only what changed, the minimum in exact minor units, and says so', async () => {
    const { calls } = fakeFetch(server({
      'PUT /api/site/settings': (body) => ({ body: view({ ...(body as object) }) }),
    }));
    renderOwnerApp('/settings');
    const title = await screen.findByLabelText('Site title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Kiln & Co.');
    const minimum = screen.getByLabelText('Checkout minimum');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '19.99');
    await userEvent.click(screen.getByRole('switch', { name: 'Express checkout' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Save settings' })[0]!);
    expect(await screen.findByText('Settings saved. The published site shows them now.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ siteTitle: 'Kiln & Co.', checkoutMinimumSubtotalCents: 1999, expressCheckout: true });
    expect((screen.getAllByRole('button', { name: 'Save settings' })[0] as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks the fields before saving and names what is wrong, sending nothing', async () => {
    const { calls } = fakeFetch(server());
    renderOwnerApp('/settings');
    const minimum = await screen.findByLabelText('Checkout minimum');
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '12.345');
    await userEvent.clear(screen.getByLabelText('Site title'));
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Some settings need a look before they can be saved: see the messages below.');
    expect(screen.getByText('Use at most 2 decimals for USD.')).toBeTruthy();
    expect(screen.getByText('Please enter a title of at most 200 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Site title').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Site title'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows the server’s refusal in words and keeps the edits', async () => {
    fakeFetch(server({
      'PUT /api/site/settings': { status: 409, body: { error: 'STORE_CURRENCY_LOCKED', message: 'The store currency cannot be changed while the store has products priced in USD.' } },
    }));
    renderOwnerApp('/settings');
    await userEvent.selectOptions(await screen.findByLabelText('Store currency'), 'EUR');
    expect(screen.getByText('€')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save settings' })[0]!);
    expect((await screen.findByRole('alert')).textContent).toBe('The store currency cannot be changed while the store has products priced in USD.');
    expect((screen.getByLabelText('Store currency') as HTMLSelectElement).value).toBe('EUR');
  });

  it('discards changes, and asks before leaving unsaved ones', async () => {
    fakeFetch(server({ 'GET /api/site/settings': { body: view() } }));
    const { router } = renderOwnerApp('/settings');
    const title = await screen.findByLabelText('Site title');
    await userEvent.type(title, ' Studio');
    await userEvent.click(screen.getAllByRole('button', { name: 'Discard changes' })[0]!);
    expect((title as HTMLInputElement).value).toBe('Clay & Co.');

    await userEvent.type(title, ' Studio');
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    const dialog = await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TITLE });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/settings');
    expect((screen.getByLabelText('Site title') as HTMLInputElement).value).toBe('Clay & Co. Studio');
  });

  it('uploads a logo through the media API, chooses it, and saves it', async () => {
    let images: (typeof IMAGE)[] = [];
    const { calls } = fakeFetch(server({
      'GET /api/media/images': () => ({ body: { images } }),
      'POST /api/media/images?filename=logo.png': () => {
        images = [IMAGE];
        return { status: 201, body: IMAGE };
      },
      'PUT /api/site/settings': (body) => ({ body: view({ ...(body as object) }) }),
    }));
    renderOwnerApp('/settings');
    await screen.findByLabelText('Site title');
    // The file input is hidden behind the Upload button (which opens the browser's file chooser): the
    // chosen file arrives as its change. The fake server reads request bodies as JSON: these bytes are '{}'.
    fireEvent.change(screen.getByLabelText('Logo image file'), { target: { files: [new File(['{}'], 'logo.png', { type: 'image/png' })] } });
    expect(await screen.findByText('Uploaded logo.png. Save settings to make it the logo.')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'The logo: logo.png' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save settings' })[0]!);
    await screen.findByText('Settings saved. The published site shows them now.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ logoImageId: 'img-logo' });

    // Removing it is a change too; the library lets it be chosen again.
    await userEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.getByText('No logo: the site title shows at the top of every page.')).toBeTruthy();
    await userEvent.click(screen.getByText('Choose an uploaded image (1)'));
    await userEvent.click(screen.getByRole('radio', { name: 'logo.png' }));
    await waitFor(() => expect((screen.getAllByRole('button', { name: 'Save settings' })[0] as HTMLButtonElement).disabled).toBe(true));
  });
});
