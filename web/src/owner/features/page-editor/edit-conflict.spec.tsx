/** @jest-environment ./web/test/dom-environment.cjs */
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { BLOCK } from '@storefront/domain/site/blocks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY, type FakeCall, type FakeServer } from '../../../../test/owner-app';
import { editConflictOf } from '../../ui/edit-conflict';

afterEach(() => jest.restoreAllMocks());

/**
 * Concurrent editing (issue 12 item 9) in the page and item editors: every save carries the version
 * the editor was based on (If-Match); a refused one shows the server's message with Reload and
 * Apply my changes on top.
 */
type Block = { id: string; type: number; value: Record<string, unknown> };

const HEADING: Block = { id: 'h1', type: BLOCK.html, value: { html: '<h2>About the studio</h2>' } };
const QUOTE: Block = { id: 'q1', type: BLOCK.quote, value: { text: 'A good mug', source: 'Ana' } };
/** What someone else saved meanwhile (version 8). */
const THEIR_QUOTE: Block = { id: 'q2', type: BLOCK.quote, value: { text: 'Fired twice', source: 'Ben' } };

const conflict = (expectedVersion: number, currentVersion: number) => ({
  status: 409,
  body: { error: 'EDIT_CONFLICT', message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion, currentVersion },
});

function collection(id: string, extra: Record<string, unknown> = {}) {
  return {
    id, websiteId: 'w1', title: id.charAt(0).toUpperCase() + id.slice(1), navigationTitle: id, description: '', urlId: id, fullUrl: `/${id}`,
    type: 10, typeName: 'page', folder: false, folderBehavior: null, itemCount: 0, passwordProtected: false, membersOnly: false,
    published: true, isHome: false, pageSize: 20, createdOn: 1, updatedOn: 1, ...extra,
  };
}

/**
 * The About page read at version 7; someone else has since saved version 8 (their blocks). A
 * layout save based on 7 is refused; one based on 8 lands as version 9.
 */
function pageServer(extra: FakeServer = {}, page: Record<string, unknown> = {}) {
  let reads = 0;
  const about = (blocks: Block[], updatedOn = 1) => collection('about', { layout: { blocks }, updatedOn, ...page });
  return fakeFetch({
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: { website: { ...SITE_SUMMARY.website, timeZone: 'America/New_York' } } },
    'GET /api/site/collections': { body: { collections: [about([HEADING, QUOTE])] } },
    'GET /api/site/collections/about': () =>
      ++reads === 1 ? { body: { collection: about([HEADING, QUOTE]), items: [], version: 7 } } : { body: { collection: about([HEADING, THEIR_QUOTE], 2), items: [], version: 8 } },
    'GET /api/media/images': { body: { images: [] } },
    'GET /api/content-service/product/1.1/websites/w1/products': { body: { products: [] } },
    'PUT /api/site/collections/about/layout': (body, headers) =>
      headers.get('If-Match') === '"8"'
        ? { body: { collection: about((body as { blocks: Block[] }).blocks, 3), items: [], version: 9 } }
        : conflict(Number(headers.get('If-Match')?.replace(/"/g, '')), 8),
    'GET /about?format=json': { body: { collection: { id: 'about', updatedOn: 3 } } },
    ...extra,
  });
}

const layoutSaves = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/site/collections/about/layout');
const rowLabels = () =>
  within(screen.getByRole('list', { name: 'Blocks of this page' }))
    .getAllByRole('listitem')
    .map((r) => within(r).getAllByRole('button')[1]!.textContent?.replace(/^\d+/, ''));

async function openAndEdit() {
  const view = renderOwnerApp('/pages/about/content');
  await screen.findByRole('heading', { name: 'Blocks', level: 2 });
  await userEvent.click(screen.getByRole('button', { name: 'Duplicate Heading block' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  return view;
}

describe('a page editor save refused because someone else saved first', () => {
  it('carries the version the page was read at, and shows the server’s message with Reload and Apply my changes on top, focused', async () => {
    const { calls } = pageServer();
    await openAndEdit();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    expect(document.activeElement).toBe(notice);
    expect(within(notice).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'Apply my changes on top' })).toBeTruthy();
    expect(layoutSaves(calls).map((c) => c.ifMatch)).toEqual(['"7"']);
    // Nothing was saved: the edits stay, unsaved.
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();
    expect(rowLabels()).toEqual(['HeadingAbout the studio', 'HeadingAbout the studio', 'QuoteA good mug']);
  });

  it('Apply my changes on top sends the same layout again based on the current version, and later saves are based on its answer', async () => {
    const { calls } = pageServer();
    await openAndEdit();
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Apply my changes on top' }));
    expect(await screen.findByText('Saved. The published page shows your changes.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();
    const [first, second] = layoutSaves(calls);
    expect([first!.ifMatch, second!.ifMatch]).toEqual(['"7"', '"8"']);
    expect(second!.body).toEqual(first!.body);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Quote block' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(layoutSaves(calls)).toHaveLength(3));
    expect(layoutSaves(calls)[2]!.ifMatch).toBe('"9"');
  });

  it('Reload drops the edits, reads the page again (their blocks) and lets the editor go without asking', async () => {
    const { calls } = pageServer();
    const { router } = await openAndEdit();
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(rowLabels()).toEqual(['HeadingAbout the studio', 'QuoteFired twice']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/site/collections/about')).toHaveLength(2);

    // The next save is based on the version read again.
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Heading block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The published page shows your changes.')).toBeTruthy();
    expect(layoutSaves(calls).map((c) => c.ifMatch)).toEqual(['"7"', '"8"']);

    // Nothing unsaved: leaving does not ask.
    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('publishing is based on the version the save answered', async () => {
    const { calls } = pageServer(
      {
        'PUT /api/site/collections/about': (_body, headers) =>
          headers.get('If-Match') === '"9"' ? { body: { collection: collection('about', { published: true, updatedOn: 4 }), items: [], version: 10 } } : conflict(0, 9),
        'GET /about?format=json': { body: { collection: { id: 'about', updatedOn: 4 } } },
      },
      { published: false },
    );
    renderOwnerApp('/pages/about/content');
    await screen.findByRole('heading', { name: 'Blocks', level: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Heading block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Apply my changes on top' }));
    await screen.findByText('Saved. Publish the page to show it to visitors.');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published. Visitors now see this page.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.ifMatch])).toEqual([
      ['/api/site/collections/about/layout', '"7"'],
      ['/api/site/collections/about/layout', '"8"'],
      ['/api/site/collections/about', '"9"'],
    ]);
  });
});

describe('an item editor save refused because someone else saved first', () => {
  const POST = {
    id: 'post1', collectionId: 'journal', recordType: 1, title: 'Glaze notes', urlId: 'glaze-notes', fullUrl: '/journal/glaze-notes', excerpt: '',
    body: '<p>Ash and iron.</p>', mainImageId: null, workflowState: 'Published', updatedOn: 1,
  };

  it('the same save flow as a page: If-Match, the notice, Apply on top, and Reload with their title', async () => {
    let reads = 0;
    const { calls } = fakeFetch({
      'GET /api/config/session': { body: ADMIN_SESSION },
      'GET /api/site/settings': { body: { website: { ...SITE_SUMMARY.website, timeZone: 'America/New_York' } } },
      'GET /api/site/collections': { body: { collections: [{ ...collection('journal'), type: 1, typeName: 'blog' }] } },
      'GET /api/site/items/post1': () => (++reads === 1 ? { body: { item: POST, version: 4 } } : { body: { item: { ...POST, title: 'Their title' }, version: 5 } }),
      'GET /api/media/images': { body: { images: [] } },
      'PUT /api/site/items/post1': (body, headers) =>
        headers.get('If-Match') === '"5"' ? { body: { item: { ...POST, ...(body as object), updatedOn: 2 }, version: 6 } } : conflict(4, 5),
      'GET /journal/glaze-notes?format=json': { body: { item: { id: 'post1', updatedOn: 2 } } },
    });
    renderOwnerApp('/pages/post1/content');
    await userEvent.type(await screen.findByLabelText('Title'), ' (2)');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(ERROR_MESSAGES.EDIT_CONFLICT);
    expect(document.activeElement).toBe(notice);

    await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Their title'));
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();

    await userEvent.type(screen.getByLabelText('Title'), ' and mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The published page shows your changes.')).toBeTruthy();
    const saves = calls.filter((c) => c.method === 'PUT');
    expect(saves.map((c) => [c.ifMatch, (c.body as { title: string }).title])).toEqual([['"4"', 'Glaze notes (2)'], ['"5"', 'Their title and mine']]);
  });
});

describe('editConflictOf', () => {
  it('reads a 409 EDIT_CONFLICT answer, and nothing else', () => {
    expect(editConflictOf({ status: 409, data: { error: 'EDIT_CONFLICT', message: 'In words.', expectedVersion: 3, currentVersion: 4 } })).toEqual({
      message: 'In words.', expectedVersion: 3, currentVersion: 4,
    });
    expect(editConflictOf({ status: 409, data: { error: 'EDIT_CONFLICT', currentVersion: 4 } })).toEqual({ message: ERROR_MESSAGES.EDIT_CONFLICT, expectedVersion: null, currentVersion: 4 });
    expect(editConflictOf({ status: 409, data: { error: 'DUPLICATE_SKU', message: 'Taken.' } })).toBeNull();
    expect(editConflictOf({ status: 400, data: { error: 'EDIT_CONFLICT', currentVersion: 4 } })).toBeNull();
    expect(editConflictOf({ status: 'FETCH_ERROR', error: 'offline' })).toBeNull();
    expect(editConflictOf(undefined)).toBeNull();
  });
});
