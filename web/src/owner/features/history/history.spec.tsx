/** @jest-environment ./web/test/dom-environment.cjs */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, type FakeServer } from '../../../../test/owner-app';
import { makeStore } from '../../app/store';
import { ConfirmProvider } from '../../ui/confirm-dialog';
import type { HistoryEntry, HistoryPage, HistorySubject } from './history-api';
import { HistoryButton } from './history-button';
import { actorName, fromLocalInput, pastSiteUrl, sitePath, toLocalInput } from './history-format';
import { PastSiteForm } from './past-site';

const OWNER = { kind: 'owner' as const, id: 'o2', email: 'editor@example.com' };

function entry(version: number, changes: HistoryEntry['changes'], extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    version,
    type: 'CollectionDetailsChanged',
    label: 'Page settings changed',
    at: `2026-05-0${version}T10:00:00.000Z`,
    actor: { ...OWNER },
    restoredVersion: null,
    changes,
    ...extra,
  };
}

/** The demo history of page c1: created (1), text changed (2), title changed (3), restored to 1 (4). */
const NEWEST: HistoryPage = {
  version: 4,
  nextBefore: 3,
  entries: [
    entry(4, [{ key: 'title', field: 'Title', change: 'changed', before: 'Visit Us', after: 'Visit the Studio' }], {
      type: 'CollectionRestored', label: 'Page restored', restoredVersion: 1,
    }),
    entry(3, [
      { key: 'title', field: 'Title', change: 'changed', before: 'Visit the Studio', after: 'Visit Us' },
      { key: 'description', field: 'Description text', change: 'removed', before: 'Open on Saturdays.', after: null, summary: '18 → 0 characters' },
      { key: 'seoTitle', field: 'SEO title', change: 'added', before: null, after: 'Our studio' },
    ], { actor: { kind: 'system', id: 'seed', email: null } }),
  ],
};
const OLDER: HistoryPage = {
  version: 4,
  nextBefore: null,
  entries: [
    entry(2, [{ key: 'layout.b1', field: 'Block 1 (quote)', change: 'changed', before: 'First words.', after: 'Changed words.' }], {
      type: 'CollectionLayoutChanged', label: 'Blocks changed', actor: { kind: 'visitor', id: 'v1', email: null },
    }),
    entry(1, [{ key: 'title', field: 'Title', change: 'added', before: null, after: 'Visit the Studio' }], {
      type: 'CollectionCreated', label: 'Page created', actor: { kind: 'owner', id: 'o1', email: null },
    }),
  ],
};

const HISTORY_PATH = '/api/site/collections/c1/history';
const RESTORE_PATH = '/api/site/collections/c1/restore';

function server(extra: FakeServer = {}, session = ADMIN_SESSION): FakeServer {
  return {
    'GET /api/config/session': { body: session },
    [`GET ${HISTORY_PATH}?limit=20`]: { body: NEWEST },
    [`GET ${HISTORY_PATH}?limit=20&before=3`]: { body: OLDER },
    ...extra,
  };
}

function renderHistory(subject: HistorySubject = { kind: 'collection', id: 'c1' }, props: { unsaved?: boolean; path?: string | null } = {}) {
  const restored: unknown[] = [];
  render(
    <Provider store={makeStore()}>
      <ConfirmProvider>
        <p>An editor</p>
        <HistoryButton subject={subject} name="“Visit”" path={props.path === undefined ? '/visit' : props.path} unsaved={props.unsaved} onRestored={(answer) => restored.push(answer)} />
      </ConfirmProvider>
    </Provider>,
  );
  return restored;
}

async function openHistory() {
  await userEvent.click(screen.getByRole('button', { name: 'History' }));
  const sheet = await screen.findByRole('dialog', { name: 'History of “Visit”' });
  await within(sheet).findByRole('heading', { name: 'Page restored' });
  return sheet;
}

/** The If-Match header of the request the fake fetch saw for `method path`. */
function headerOf(fetchMock: jest.SpyInstance, method: string, path: string, name: string): string | null {
  const call = fetchMock.mock.calls.map((c) => c[0] as Request).find((r) => r.method === method && new URL(r.url).pathname === path);
  return call ? call.headers.get(name) : null;
}

afterEach(() => jest.restoreAllMocks());

describe('the history panel', () => {
  it('lists the entries newest first: what happened, who, when, and the readable diff', async () => {
    fakeFetch(server());
    renderHistory();
    const sheet = await openHistory();
    const entries = within(sheet).getAllByRole('article');
    expect(entries.map((e) => within(e).getByRole('heading').textContent)).toEqual(['Page restored', 'Page settings changed']);

    const [restored, changed] = entries as [HTMLElement, HTMLElement];
    expect(within(restored).getByText('Current')).toBeTruthy();
    expect(within(restored).getByText('Restored version 1')).toBeTruthy();
    expect(within(restored).getByText('Version 4')).toBeTruthy();
    expect(within(restored).getByText('editor@example.com')).toBeTruthy();
    const time = restored.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-05-04T10:00:00.000Z');
    expect(time.getAttribute('title')).toBe('2026-05-04T10:00:00.000Z');
    expect(time.textContent).toMatch(/^May 4, 2026, \d{1,2}:00:00\s[AP]M$/);
    // The current version cannot be restored; earlier ones can.
    expect(within(restored).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    expect(within(changed).getByRole('button', { name: 'Restore this version' })).toBeTruthy();

    expect(within(changed).getByText('System')).toBeTruthy();
    const lines = within(changed).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Titlewas: Visit the Studio→now: Visit Us',
      'Description textRemovedwas: Open on Saturdays.18 → 0 characters',
      'SEO titleAddednow: Our studio',
    ]);
    expect(lines[0]!.querySelector('del')?.textContent).toBe('was: Visit the Studio');
    expect(lines[0]!.querySelector('ins')?.textContent).toBe('now: Visit Us');
  });

  it('pages back with Show older until the first version, focusing the first older entry', async () => {
    const { calls } = fakeFetch(server());
    renderHistory();
    const sheet = await openHistory();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show older' }));
    await within(sheet).findByRole('heading', { name: 'Page created' });
    expect(calls.filter((c) => c.method === 'GET' && c.path.startsWith(HISTORY_PATH)).map((c) => c.path)).toEqual([
      `${HISTORY_PATH}?limit=20`,
      `${HISTORY_PATH}?limit=20&before=3`,
    ]);
    const entries = within(sheet).getAllByRole('article');
    expect(entries.map((e) => within(e).getByRole('heading').textContent)).toEqual(['Page restored', 'Page settings changed', 'Blocks changed', 'Page created']);
    await waitFor(() => expect(document.activeElement).toBe(entries[2]));
    expect(within(entries[2]!).getByText('A visitor')).toBeTruthy();
    // An older owner event without an email: the signed-in owner's own shows their email.
    expect(within(entries[3]!).getByText('owner@example.com')).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('restores an earlier version after the confirmation, based on the version it shows, and reads the history again', async () => {
    let reads = 0;
    const answer = { collection: { id: 'c1', title: 'Visit the Studio' }, items: [], version: 5 };
    const { calls, fetchMock } = fakeFetch(server({
      [`GET ${HISTORY_PATH}?limit=20`]: () => {
        reads += 1;
        return { body: reads === 1 ? NEWEST : { ...NEWEST, version: 5, entries: [entry(5, [], { label: 'Page restored', type: 'CollectionRestored', restoredVersion: 3 }), ...NEWEST.entries] } };
      },
      [`POST ${RESTORE_PATH}`]: { body: answer },
    }));
    const restored = renderHistory(undefined, { unsaved: true });
    const sheet = await openHistory();
    const changed = within(sheet).getAllByRole('article')[1]!;
    await userEvent.click(within(changed).getByRole('button', { name: 'Restore this version' }));

    const modal = screen.getByRole('alertdialog', { name: 'Restore version 3?' });
    expect(modal.textContent).toMatch(/“Visit” goes back to how it was on May 3, 2026/);
    expect(modal.textContent).toMatch(/Your unsaved changes here are discarded\./);
    await userEvent.click(within(modal).getByRole('button', { name: 'Restore this version' }));

    expect(await within(sheet).findByText('Restored version 3. It is saved as version 5.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: RESTORE_PATH, body: { version: 3 }, ifMatch: '"4"' }]);
    expect(headerOf(fetchMock, 'POST', RESTORE_PATH, 'If-Match')).toBe('"4"');
    expect(restored).toEqual([answer]);
    // The history is read again: the restore is its newest entry.
    await waitFor(() => expect(within(sheet).getAllByRole('article')).toHaveLength(3));
    expect(within(within(sheet).getAllByRole('article')[0]!).getByText('Restored version 3')).toBeTruthy();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { calls } = fakeFetch(server());
    const restored = renderHistory();
    const sheet = await openHistory();
    const button = within(within(sheet).getAllByRole('article')[1]!).getByRole('button', { name: 'Restore this version' });
    await userEvent.click(button);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(restored).toEqual([]);
  });

  it('says in words why a restore was refused: someone else changed it (409), or no such version (404)', async () => {
    const conflict = 'Someone else changed this since you opened it. Reload to see their changes, or apply yours on top of them.';
    let answer: { status: number; body: unknown } = { status: 409, body: { error: 'EDIT_CONFLICT', message: conflict, expectedVersion: 4, currentVersion: 5 } };
    const { calls } = fakeFetch(server({ [`POST ${RESTORE_PATH}`]: () => answer }));
    const restored = renderHistory();
    const sheet = await openHistory();
    const restore = async () => {
      await userEvent.click(within(within(sheet).getAllByRole('article')[1]!).getByRole('button', { name: 'Restore this version' }));
      await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore this version' }));
    };
    await restore();
    expect(await within(sheet).findByText(conflict)).toBeTruthy();
    // The history is read again, so the owner sees what changed meanwhile.
    await waitFor(() => expect(calls.filter((c) => c.path === `${HISTORY_PATH}?limit=20`)).toHaveLength(2));

    answer = { status: 404, body: { error: 'VERSION_NOT_FOUND', message: 'There is no version 3 of this to restore.', version: 3 } };
    await restore();
    expect(await within(sheet).findByText('There is no version 3 of this to restore.')).toBeTruthy();
    expect(restored).toEqual([]);
  });

  it('says when the version restored was the same as now', async () => {
    fakeFetch(server({ [`POST ${RESTORE_PATH}`]: { body: { collection: { id: 'c1' }, items: [], version: 4 } } }));
    renderHistory();
    const sheet = await openHistory();
    await userEvent.click(within(within(sheet).getAllByRole('article')[1]!).getByRole('button', { name: 'Restore this version' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore this version' }));
    expect(await within(sheet).findByText('Version 3 is the same as now: there was nothing to restore.')).toBeTruthy();
  });

  it('offers no restore to an owner whose role cannot edit pages', async () => {
    fakeFetch(server({}, { ...ADMIN_SESSION, owner: { ...ADMIN_SESSION.owner, roles: ['viewer'] } }));
    renderHistory();
    const sheet = await openHistory();
    expect(within(sheet).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    expect(within(sheet).getAllByRole('button', { name: 'View the site as it was then' })).toHaveLength(2);
  });

  it('offers no restore for the site layout, which has no restore route', async () => {
    const { calls } = fakeFetch({ 'GET /api/config/session': { body: ADMIN_SESSION }, 'GET /api/site/layout/history?limit=20': { body: { ...NEWEST, nextBefore: null } } });
    renderHistory({ kind: 'layout' });
    const sheet = await openHistory();
    expect(within(sheet).queryByRole('button', { name: 'Restore this version' })).toBeNull();
    expect(calls.map((c) => c.path)).toContain('/api/site/layout/history?limit=20');
  });

  it('reads the history of each kind of subject from its own route', async () => {
    const { calls } = fakeFetch({
      'GET /api/config/session': { body: ADMIN_SESSION },
      'GET /api/content-service/product/1.1/websites/w1/products/p1/history?limit=20': { body: { ...NEWEST, nextBefore: null } },
    });
    renderHistory({ kind: 'product', websiteId: 'w1', id: 'p1' });
    await openHistory();
    expect(calls.map((c) => c.path)).toContain('/api/content-service/product/1.1/websites/w1/products/p1/history?limit=20');
  });

  it('works by keyboard: focus moves to Close, Tab stays inside, Escape closes and focus goes back to the button', async () => {
    fakeFetch(server());
    renderHistory();
    const button = screen.getByRole('button', { name: 'History' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'History of “Visit”' });
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Close' }));
    await within(sheet).findByRole('heading', { name: 'Page restored' });
    await userEvent.tab({ shift: true });
    expect(sheet.contains(document.activeElement)).toBe(true);
    expect(document.activeElement?.textContent).toBe('Show older');
    await userEvent.tab();
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Close' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('opens the site as it was at an entry’s time, for the page’s path, in a frame', async () => {
    fakeFetch(server());
    renderHistory();
    const sheet = await openHistory();
    const changed = within(sheet).getAllByRole('article')[1]!;
    await userEvent.click(within(changed).getByRole('button', { name: 'View the site as it was then' }));
    const past = await screen.findByRole('dialog', { name: 'The site as it was' });
    const frame = past.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('/config/preview/at/2026-05-03T10%3A00%3A00.000Z/visit');
    expect(within(past).getByRole('link', { name: /Open in a new tab/ }).getAttribute('href')).toBe(frame.getAttribute('src'));

    // Another page at the same moment.
    await userEvent.clear(within(past).getByLabelText('Page'));
    await userEvent.type(within(past).getByLabelText('Page'), 'journal/first-post');
    await userEvent.click(within(past).getByRole('button', { name: 'Show' }));
    expect(past.querySelector('iframe')!.getAttribute('src')).toBe('/config/preview/at/2026-05-03T10%3A00%3A00.000Z/journal/first-post');

    // Escape closes the preview, back to the entry's button; the history stays open.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'The site as it was' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'History of “Visit”' })).toBeTruthy();
    expect(document.activeElement).toBe(within(changed).getByRole('button', { name: 'View the site as it was then' }));
  });
});

describe('the site as it was, from a moment', () => {
  it('asks for a date and time, then opens the page at that moment', async () => {
    render(<PastSiteForm pages={[{ path: '/', title: 'Home' }, { path: '/about', title: 'About' }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'View the site as it was' }));
    expect(screen.getByText('Choose a date and a time.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Date and time'));
    await userEvent.type(screen.getByLabelText('Date and time'), '2026-05-01T12:30:15');
    await userEvent.clear(screen.getByLabelText('Page'));
    await userEvent.type(screen.getByLabelText('Page'), '/about');
    await userEvent.click(screen.getByRole('button', { name: 'View the site as it was' }));
    const past = await screen.findByRole('dialog', { name: 'The site as it was' });
    expect(past.querySelector('iframe')!.getAttribute('src')).toBe(`/config/preview/at/${encodeURIComponent(new Date('2026-05-01T12:30:15').toISOString())}/about`);
  });
});

describe('history words and addresses', () => {
  it('names who made a change', () => {
    expect(actorName({ kind: 'owner', id: 'o1', email: 'a@example.com' })).toBe('a@example.com');
    expect(actorName({ kind: 'owner', id: 'o1', email: null }, { id: 'o1', email: 'me@example.com' })).toBe('me@example.com');
    expect(actorName({ kind: 'owner', id: 'o9', email: null }, { id: 'o1', email: 'me@example.com' })).toBe('An owner');
    expect(actorName({ kind: 'system', id: 's', email: null })).toBe('System');
    expect(actorName({ kind: 'visitor', id: 'v', email: null })).toBe('A visitor');
  });

  it('builds the past-site address and reads local date-time fields', () => {
    expect(pastSiteUrl('2026-05-01T10:00:00.000Z', '/')).toBe('/config/preview/at/2026-05-01T10%3A00%3A00.000Z');
    expect(pastSiteUrl('2026-05-01T10:00:00.000Z', 'shop/p/moon-jar')).toBe('/config/preview/at/2026-05-01T10%3A00%3A00.000Z/shop/p/moon-jar');
    expect(sitePath('http://localhost:3000/about?x=1')).toBe('/about?x=1');
    expect(sitePath('  ')).toBe('/');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-05-01T10:00')).toBe(new Date('2026-05-01T10:00').toISOString());
    expect(toLocalInput(new Date('2026-05-01T10:00:05').toISOString())).toBe('2026-05-01T10:00:05');
  });
});

describe('history in the screens', () => {
  it('the settings screen shows the settings’ history and loads a restored version into its form', async () => {
    const settings = (siteTitle: string) => ({
      website: { id: 'w1', siteTitle, timeZone: 'America/New_York', logoImageId: null },
      settings: { siteTitle, timeZone: 'America/New_York', currency: 'USD', logoImageId: null, expressCheckout: false, multipleQuantityAllowedForServices: null, checkoutMinimumSubtotalCents: null },
      storeSettings: { selectedCurrency: 'USD', expressCheckout: false, multipleQuantityAllowedForServices: true, checkoutMinimumSubtotalCents: 0 },
      version: 7,
    });
    const history: HistoryPage = {
      version: 7,
      nextBefore: null,
      entries: [
        entry(7, [{ key: 'siteTitle', field: 'Site title', change: 'changed', before: 'Clay & Co.', after: 'Kiln & Co.' }], { type: 'WebsiteSettingsChanged', label: 'Settings changed' }),
        entry(6, [], { type: 'SiteHeaderFooterChanged', label: 'Header and footer changed' }),
      ],
    };
    const { calls, fetchMock } = fakeFetch({
      'GET /api/config/session': { body: ADMIN_SESSION },
      'GET /api/site/settings': { body: settings('Kiln & Co.') },
      'GET /api/media/images': { body: { images: [] } },
      'GET /api/site/settings/history?limit=20': { body: history },
      'POST /api/site/settings/restore': { body: { ...settings('Clay & Co.'), version: 8 } },
    });
    renderOwnerApp('/settings');
    expect(((await screen.findByLabelText('Site title')) as HTMLInputElement).value).toBe('Kiln & Co.');
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    const sheet = await screen.findByRole('dialog', { name: 'History of the settings, header and footer' });
    await within(sheet).findByRole('heading', { name: 'Header and footer changed' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Restore this version' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Restore this version' }));
    await within(sheet).findByText('Restored version 6. It is saved as version 8.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ version: 6 });
    expect(headerOf(fetchMock, 'POST', '/api/site/settings/restore', 'If-Match')).toBe('"7"');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    expect((screen.getByLabelText('Site title') as HTMLInputElement).value).toBe('Clay & Co.');
    expect(screen.getAllByRole('button', { name: 'Save settings' }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  });
});
