/** @jest-environment ./web/test/dom-environment.cjs */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY } from '../../../../test/owner-app';
import { socialProblem } from './header-footer-screen';

afterEach(() => jest.restoreAllMocks());

const SOCIAL = [
  { serviceName: 'instagram', userName: 'clayandco', profileUrl: 'https://www.instagram.com/clayandco' },
  { serviceName: 'email', userName: 'hello', profileUrl: 'mailto:hello@clayandco.example' },
];

function open() {
  const website = { ...SITE_SUMMARY.website, socialAccounts: SOCIAL, announcementBar: { enabled: false, text: '', url: null } };
  const fetch = fakeFetch({
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: { website } },
    'GET /api/site-header-footer': { body: { header: '<p>Free shipping</p>', footer: '<p>12 Kiln Lane</p>', newsletterFormId: null } },
    'GET /api/config/forms': {
      body: {
        forms: [
          { id: 'contact-form', name: 'Write to the studio', kind: 'form', version: 1, updatedAt: '2026-01-01T00:00:00.000Z', submissions: 0 },
          { id: 'newsletter', name: 'Kiln days newsletter', kind: 'newsletter', version: 1, updatedAt: '2026-01-01T00:00:00.000Z', submissions: 2 },
        ],
      },
    },
    'PUT /api/site/settings': (body) => ({ body: { website: { ...website, ...(body as object), announcementBar: { ...website.announcementBar, ...((body as { announcementBar?: object }).announcementBar ?? {}) } } } }),
    'PUT /api/site-header-footer': (body) => {
      const b = body as { header?: string; footer?: string; newsletterFormId?: string | null };
      return { body: { header: b.header ?? '<p>Free shipping</p>', footer: (b.footer ?? '<p>12 Kiln Lane</p>').replace(/<script>.*<\/script>/, ''), newsletterFormId: b.newsletterFormId ?? null } };
    },
  });
  renderOwnerApp('/pages/header-footer');
  return fetch;
}

describe('header, footer and social links', () => {
  it('switches the announcement bar on with its text and link, refusing a link that is not one (SPEC 5 wording)', async () => {
    const { calls } = open();
    const form = await screen.findByRole('form', { name: 'Announcement bar' });
    await userEvent.click(within(form).getByLabelText('Show the announcement bar'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save announcement bar' }));
    expect(within(form).getByText('Enter the announcement to show it.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Text'), 'Kiln sale Saturday');
    await userEvent.type(within(form).getByLabelText('Link (optional)'), 'ftp://x');
    await userEvent.click(within(form).getByRole('button', { name: 'Save announcement bar' }));
    expect(within(form).getByText('ftp://x is not a valid page URL')).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText('Link (optional)'));
    await userEvent.type(within(form).getByLabelText('Link (optional)'), '/shop');
    expect(within(form).getByText('Kiln sale Saturday', { selector: '.pg-announcement-preview' })).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Save announcement bar' }));
    expect(await within(form).findByText('Saved. The bar shows on every page.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/site/settings')!.body).toEqual({ announcementBar: { enabled: true, text: 'Kiln sale Saturday', url: '/shop' } });
  });

  it('saves the header and footer html and says when markup was removed', async () => {
    const { calls } = open();
    const form = await screen.findByRole('form', { name: 'Header and footer content' });
    const footer = within(form).getByLabelText('Footer content');
    await userEvent.clear(footer);
    await userEvent.type(footer, '<p>Open Saturdays</p><script>x</script>');
    await userEvent.click(within(form).getByRole('button', { name: 'Save header and footer' }));
    expect(await within(form).findByText('Saved. Markup the site does not allow (scripts, styles) was removed.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/site-header-footer' && c.method === 'PUT')!.body).toEqual({ header: '<p>Free shipping</p>', footer: '<p>Open Saturdays</p><script>x</script>' });
    expect((footer as HTMLTextAreaElement).value).toBe('<p>Open Saturdays</p>');
  });

  it('chooses the footer newsletter among the newsletter forms only, and saves just that choice', async () => {
    const { calls } = open();
    const form = await screen.findByRole('form', { name: 'Footer newsletter' });
    const select = within(form).getByLabelText('Newsletter form') as HTMLSelectElement;
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'Kiln days newsletter']));
    expect((within(form).getByRole('button', { name: 'Save footer newsletter' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(select, 'newsletter');
    expect(within(form).getByText('Unsaved changes.')).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'Save footer newsletter' }));
    expect(await within(form).findByText('Saved. The sign-up shows in the footer of every page.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/site-header-footer' && c.method === 'PUT')!.body).toEqual({ newsletterFormId: 'newsletter' });
    await userEvent.selectOptions(select, '');
    await userEvent.click(within(form).getByRole('button', { name: 'Save footer newsletter' }));
    expect(await within(form).findByText('Saved. The footer shows no newsletter sign-up.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/site-header-footer' && c.method === 'PUT').at(-1)!.body).toEqual({ newsletterFormId: null });
  });

  it('adds, reorders by keyboard, checks and saves social links', async () => {
    const { calls } = open();
    const form = await screen.findByRole('form', { name: 'Social links' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add social link' }));
    const services = within(form).getAllByLabelText('Service');
    await waitFor(() => expect(document.activeElement).toBe(services[2]));
    await userEvent.selectOptions(services[2]!, 'Pinterest');
    const addresses = within(form).getAllByLabelText(/Profile address|Email address/);
    await userEvent.type(addresses[2]!, 'not a link');
    await userEvent.clear(addresses[1]!);
    await userEvent.type(addresses[1]!, 'hello@');
    await userEvent.click(within(form).getByRole('button', { name: 'Save social links' }));
    expect(within(form).getByText('not a link is not a valid page URL')).toBeTruthy();
    expect(within(form).getByText('Please enter a valid email')).toBeTruthy();
    await userEvent.clear(addresses[2]!);
    await userEvent.type(addresses[2]!, 'pinterest.com/clayandco');
    await userEvent.type(addresses[1]!, 'clayandco.example');
    // Alt+ArrowUp moves Pinterest above Email.
    within(form).getAllByLabelText('Service')[2]!.focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(within(form).getAllByLabelText('Service').map((s) => (s as HTMLSelectElement).value)).toEqual(['instagram', 'pinterest', 'email']);
    await userEvent.click(within(form).getByRole('button', { name: 'Save social links' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/site/settings')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      socialAccounts: [
        SOCIAL[0],
        { serviceName: 'pinterest', userName: '', profileUrl: 'https://pinterest.com/clayandco' },
        { serviceName: 'email', userName: 'hello', profileUrl: 'mailto:hello@clayandco.example' },
      ],
    });
    expect(await within(form).findByText('Saved. The links show in the footer of every page.')).toBeTruthy();
  });

  it('checks a social link as the server does', () => {
    expect(socialProblem({ serviceName: 'mastodon', userName: '', profileUrl: 'https://mastodon.social/@clay' })).toBeNull();
    expect(socialProblem({ serviceName: 'My Space', userName: '', profileUrl: 'https://x.example' })).toBe('Name the service with letters, digits and dashes.');
    expect(socialProblem({ serviceName: 'email', userName: '', profileUrl: 'mailto:nobody' })).toBe('Please enter a valid email');
  });
});
