/** @jest-environment ./web/test/dom-environment.cjs */
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY, type FakeAnswer } from '../../../../test/owner-app';
import { demoLayout, fakeSite } from '../../../../test/pages-fixtures';

afterEach(() => jest.restoreAllMocks());

/**
 * Concurrent editing (issue 12 item 9) on the screens with more than one save to the same stream:
 * the header/footer screen's three forms (the website stream) and the page tree's navigations
 * (the site layout).
 */
const conflict = (expectedVersion: number, currentVersion: number): FakeAnswer => ({
  status: 409,
  body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion, currentVersion },
});
const versionIn = (headers: Headers) => Number(headers.get('If-Match')?.replace(/"/g, ''));

/** The website stream as a fake: each save based on its version lands and moves it on; any other is refused. */
function website() {
  const state = {
    version: 5,
    website: { ...SITE_SUMMARY.website, socialAccounts: [] as object[], announcementBar: { enabled: false, text: '', url: null as string | null } },
    html: { header: '<p>Free shipping</p>', footer: '<p>12 Kiln Lane</p>' },
  };
  const save = (apply: (body: Record<string, unknown>) => void, answer: () => object) => (body: unknown, headers: Headers): FakeAnswer => {
    if (versionIn(headers) !== state.version) return conflict(versionIn(headers), state.version);
    apply(body as Record<string, unknown>);
    state.version += 1;
    return { body: { ...answer(), version: state.version } };
  };
  const fake = fakeFetch({
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': () => ({ body: { website: state.website, version: state.version } }),
    'GET /api/site-header-footer': () => ({ body: { ...state.html, version: state.version } }),
    'PUT /api/site/settings': save(
      (body) => Object.assign(state.website, body, body.announcementBar ? { announcementBar: { ...state.website.announcementBar, ...(body.announcementBar as object) } } : {}),
      () => ({ website: state.website }),
    ),
    'PUT /api/site-header-footer': save((body) => Object.assign(state.html, body), () => state.html),
  });
  /** Someone else saves the footer meanwhile. */
  const someoneElse = (footer: string) => {
    state.html.footer = footer;
    state.version += 1;
  };
  return { ...fake, state, someoneElse };
}

describe('the header and footer screen', () => {
  it('its three forms share the website’s version: a save by one moves it for the others', async () => {
    const { calls } = website();
    renderOwnerApp('/pages/header-footer');
    const bar = await screen.findByRole('form', { name: 'Announcement bar' });
    await userEvent.click(within(bar).getByLabelText('Show the announcement bar'));
    await userEvent.type(within(bar).getByLabelText('Text'), 'Kiln sale');
    await userEvent.click(within(bar).getByRole('button', { name: 'Save announcement bar' }));
    await within(bar).findByText('Saved. The bar shows on every page.');

    const html = screen.getByRole('form', { name: 'Header and footer content' });
    await userEvent.type(within(html).getByLabelText('Footer content'), '<p>Open Saturdays</p>');
    await userEvent.click(within(html).getByRole('button', { name: 'Save header and footer' }));
    await within(html).findByText('Saved.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.ifMatch])).toEqual([
      ['/api/site/settings', '"5"'],
      ['/api/site-header-footer', '"6"'],
    ]);
  });

  it('a save refused because someone else saved first: Apply on top sends it again based on the current version', async () => {
    const { calls, state, someoneElse } = website();
    renderOwnerApp('/pages/header-footer');
    const html = await screen.findByRole('form', { name: 'Header and footer content' });
    someoneElse('<p>Their footer</p>');
    await userEvent.clear(within(html).getByLabelText('Header content'));
    await userEvent.type(within(html).getByLabelText('Header content'), '<p>My header</p>');
    await userEvent.click(within(html).getByRole('button', { name: 'Save header and footer' }));
    const notice = await within(html).findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    expect(document.activeElement).toBe(notice);
    await userEvent.click(within(notice).getByRole('button', { name: 'Apply my changes on top' }));
    await within(html).findByText('Saved.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.ifMatch)).toEqual(['"5"', '"6"']);
    // The whole form was sent on top: the header is this owner's, and so is the footer it showed.
    expect(state.html).toEqual({ header: '<p>My header</p>', footer: '<p>12 Kiln Lane</p>' });
  });

  it('Reload fills every form again from what the server has now, and ends the unsaved-changes guard', async () => {
    const { someoneElse } = website();
    const { router } = renderOwnerApp('/pages/header-footer');
    const html = await screen.findByRole('form', { name: 'Header and footer content' });
    someoneElse('<p>Their footer</p>');
    await userEvent.type(within(html).getByLabelText('Header content'), ' mine');
    await userEvent.click(within(html).getByRole('button', { name: 'Save header and footer' }));
    await userEvent.click(within(await within(html).findByRole('alert')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Footer content') as HTMLTextAreaElement).value).toBe('<p>Their footer</p>'));
    expect((screen.getByLabelText('Header content') as HTMLTextAreaElement).value).toBe('<p>Free shipping</p>');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('the page tree', () => {
  it('saves a navigation based on the layout’s version; a refused one offers to apply it on top', async () => {
    const site = fakeSite();
    let version = 3;
    const layout = demoLayout();
    site.server['GET /api/commondata/GetSiteLayout'] = () => ({ body: { layout, version } });
    site.server['POST /api/widget/UpdateNavigation'] = (raw, headers) => {
      if (versionIn(headers) !== version) return conflict(versionIn(headers), version);
      const body = raw as { fieldName: string; navigation: { items: never[] } };
      layout.navigations.find((n) => n.name === body.fieldName)!.links = body.navigation.items;
      version += 1;
      return { body: { layout, version } };
    };
    const { calls } = fakeFetch(site.server);
    renderOwnerApp('/pages');
    await screen.findByRole('heading', { name: 'Main navigation' });
    version = 4; // someone else added a page meanwhile
    screen.getAllByRole('button', { name: 'Move Shop' })[0]!.focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    await userEvent.click(within(notice).getByRole('button', { name: 'Apply my changes on top' }));
    expect(await screen.findByText('Shop moved to position 1 of 5 in main navigation.')).toBeTruthy();
    const saves = calls.filter((c) => c.path === '/api/widget/UpdateNavigation');
    expect(saves.map((c) => c.ifMatch)).toEqual(['"3"', '"4"']);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
