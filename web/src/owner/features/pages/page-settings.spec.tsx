/** @jest-environment ./web/test/dom-environment.cjs */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { fakeFetch, renderOwnerApp } from '../../../../test/owner-app';
import { collection, fakeSite } from '../../../../test/pages-fixtures';
import { changesOf, draftFrom, grantedUrlId, problemsOf, urlIdProblem } from './page-settings-form';

afterEach(() => jest.restoreAllMocks());

describe('the page settings form state', () => {
  const page = collection('about');
  it('sends only what changed; the navigation title empty when it is the title', () => {
    const draft = { ...draftFrom(page), title: 'About us', navigationTitle: 'About us', seoDescription: ' Who we are. ' };
    expect(changesOf(draft, page)).toEqual({ title: 'About us', seoDescription: 'Who we are.' });
    expect(changesOf(draftFrom(page), page)).toEqual({});
  });

  it('sends a status with its date', () => {
    const at = Date.parse('2030-05-01T09:30:00');
    const draft = { ...draftFrom(page), status: 'Scheduled' as const, publishAt: '2030-05-01T09:30' };
    expect(changesOf(draft, page)).toEqual({ workflowState: 'Scheduled', publishOn: at });
    expect(changesOf({ ...draftFrom(page), status: 'Needs Review' }, page)).toEqual({ workflowState: 'Needs Review', publishOn: null });
  });

  it('says what is wrong in words: SPEC 5 URL ids, a schedule in the past, a password for a new lock', () => {
    expect(urlIdProblem('About Us!')).toBe('/About Us! is not a valid page URL. Use letters, digits and dashes, such as /about-us.');
    expect(urlIdProblem('ab')).toBe('/ab is not a valid page URL. An address needs at least 3 characters.');
    expect(urlIdProblem('our-story')).toBeNull();
    const now = Date.parse('2030-05-01T10:00:00');
    const problems = problemsOf({ ...draftFrom(page), title: '', status: 'Scheduled', publishAt: '2030-05-01T09:00', locked: true }, page, now);
    expect(problems).toEqual({
      title: 'Please enter a title of at most 200 characters.',
      publishAt: 'A scheduled item needs a publish date in the future.',
      password: 'A page password must be 1 to 1024 characters long.',
    });
  });

  it('predicts the address a taken URL id gets (-1, -2) and keeps system routes free', () => {
    const others = [collection('about'), collection('about-1'), collection('shop')];
    expect(grantedUrlId('about', collection('new'), others)).toBe('about-2');
    expect(grantedUrlId('about', others[0]!, others)).toBe('about');
    expect(grantedUrlId('cart', collection('new'), others)).toBe('cart-1');
  });
});

describe('the page settings screen', () => {
  it('saves names, address and SEO fields, and tells when the address was taken', async () => {
    const site = fakeSite();
    site.server['PUT /api/site/collections/about'] = (body) => ({ body: { collection: { ...collection('about'), ...(body as object), urlId: 'our-story-1', fullUrl: '/our-story-1' } } });
    const { calls } = fakeFetch(site.server);
    renderOwnerApp('/pages/about/settings');
    const form = await screen.findByRole('form', { name: 'Settings of About' });
    expect((within(form).getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(within(form).getByLabelText('URL slug'));
    await userEvent.type(within(form).getByLabelText('URL slug'), 'Our Story');
    await userEvent.type(within(form).getByLabelText('SEO title'), 'Our story | Clay & Co.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByText('/Our Story is not a valid page URL. Use letters, digits and dashes, such as /our-story.')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('URL slug'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(within(form).getByLabelText('URL slug'));
    await userEvent.type(within(form).getByLabelText('URL slug'), 'our-story');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Saved. /our-story was taken, so the page is at /our-story-1.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ urlId: 'our-story', seoTitle: 'Our story | Clay & Co.' });
  });

  it('schedules a page for a future time, refusing a past one in the SPEC wording', async () => {
    const site = fakeSite();
    const { calls } = fakeFetch(site.server);
    renderOwnerApp('/pages/care/settings');
    const form = await screen.findByRole('form', { name: 'Settings of Care Guide' });
    expect(within(form).getByText('Now: Draft.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('radio', { name: /Scheduled/ }));
    await userEvent.type(within(form).getByLabelText('Publish on'), '2001-01-01T10:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByText('A scheduled item needs a publish date in the future.')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Publish on'));
    await userEvent.type(within(form).getByLabelText('Publish on'), '2099-01-01T10:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ workflowState: 'Scheduled', publishOn: Date.parse('2099-01-01T10:00') });
  });

  it('locks a page with a password and unlocks a locked one', async () => {
    const site = fakeSite();
    site.server['PUT /api/site/collections/about/password'] = (body) => ({ body: { collection: collection('about', { passwordProtected: (body as { password: string | null }).password !== null }) } });
    site.server['PUT /api/site/collections/wholesale/password'] = () => ({ body: { collection: collection('wholesale', { passwordProtected: false }) } });
    const { calls } = fakeFetch(site.server);
    const { router } = renderOwnerApp('/pages/about/settings');
    let form = await screen.findByRole('form', { name: 'Settings of About' });
    await userEvent.click(within(form).getByLabelText('Lock this page with a password'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByText('A page password must be 1 to 1024 characters long.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Password'), 'clay-wholesale');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/site/collections/about/password')).toBe(true));
    expect(calls.find((c) => c.path === '/api/site/collections/about/password')!.body).toEqual({ password: 'clay-wholesale' });

    await act(() => router.navigate('/pages/wholesale/settings'));
    form = await screen.findByRole('form', { name: 'Settings of Wholesale' });
    expect(within(form).getByLabelText('New password')).toBeTruthy();
    await userEvent.click(within(form).getByLabelText('Lock this page with a password'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/site/collections/wholesale/password')).toBe(true));
    expect(calls.find((c) => c.path === '/api/site/collections/wholesale/password')!.body).toEqual({ password: null });
  });

  it('asks before leaving unsaved changes, and shows the server’s words when a save is refused', async () => {
    const site = fakeSite();
    site.refuse('PUT /api/site/collections/about', { status: 400, body: { error: 'INVALID_TITLE', message: 'Please enter a title of at most 200 characters.' } });
    fakeFetch(site.server);
    const { router } = renderOwnerApp('/pages/about/settings');
    const form = await screen.findByRole('form', { name: 'Settings of About' });
    await userEvent.type(within(form).getByLabelText('Title'), ' and us');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a title of at most 200 characters.');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Pages' }));
    expect(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/pages/about/settings');
  });

  it('bases a save on the version it loaded (If-Match); a conflict is said in the server’s words, and applying on top saves based on the new version', async () => {
    const site = fakeSite();
    site.server['GET /api/site/collections/about'] = { body: { collection: collection('about'), version: 7 } };
    site.server['PUT /api/site/collections/about'] = (body, headers) =>
      headers.get('If-Match') === '"7"'
        ? { status: 409, body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion: 7, currentVersion: 8 } }
        : { body: { collection: { ...collection('about'), ...(body as object) }, version: 9 } };
    const { calls } = fakeFetch(site.server);
    renderOwnerApp('/pages/about/settings');
    const form = await screen.findByRole('form', { name: 'Settings of About' });
    await userEvent.type(within(form).getByLabelText('SEO title'), 'About us');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    const notice = await within(form).findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    expect(document.activeElement).toBe(notice);
    await userEvent.click(within(notice).getByRole('button', { name: 'Apply my changes on top' }));
    expect(await within(form).findByText('Saved. About is published.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.ifMatch, c.body])).toEqual([['"7"', { seoTitle: 'About us' }], ['"8"', { seoTitle: 'About us' }]]);
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('a conflict’s Reload drops the edits and shows the page as it is now', async () => {
    const site = fakeSite();
    let reads = 0;
    site.server['GET /api/site/collections/about'] = () => ({ body: { collection: { ...collection('about'), seoTitle: ++reads > 1 ? 'Their SEO title' : '' }, version: reads > 1 ? 8 : 7 } });
    site.server['PUT /api/site/collections/about'] = { status: 409, body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion: 7, currentVersion: 8 } };
    fakeFetch(site.server);
    renderOwnerApp('/pages/about/settings');
    const form = await screen.findByRole('form', { name: 'Settings of About' });
    await userEvent.type(within(form).getByLabelText('SEO title'), 'Mine');
    await userEvent.click(within(form).getByRole('button', { name: 'Save settings' }));
    await userEvent.click(within(await within(form).findByRole('alert')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((within(form).getByLabelText('SEO title') as HTMLInputElement).value).toBe('Their SEO title'));
    expect(within(form).queryByRole('alert')).toBeNull();
    expect((within(form).getByRole('button', { name: 'Save settings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a delete based on an old version is refused too, and Delete it anyway deletes based on the current one', async () => {
    const site = fakeSite();
    site.server['GET /api/site/collections/care'] = { body: { collection: collection('care', { title: 'Care Guide' }), version: 3 } };
    const remove = site.server['DELETE /api/site/collections/care'] as (body: unknown, headers: Headers) => { status?: number };
    site.server['DELETE /api/site/collections/care'] = (body, headers) =>
      headers.get('If-Match') === '"4"' ? remove(body, headers) : { status: 409, body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion: 3, currentVersion: 4 } };
    const { calls } = fakeFetch(site.server);
    const { router } = renderOwnerApp('/pages/care/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete page' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete page' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    await userEvent.click(within(notice).getByRole('button', { name: 'Delete it anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.ifMatch)).toEqual(['"3"', '"4"']);
  });

  it('deletes the page through the confirmation modal and goes back to Pages', async () => {
    const site = fakeSite();
    const { calls } = fakeFetch(site.server);
    const { router } = renderOwnerApp('/pages/care/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete page' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Care Guide”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/site/collections/care')).toBe(true);
  });
});
