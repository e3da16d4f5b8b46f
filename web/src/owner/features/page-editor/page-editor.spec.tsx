/** @jest-environment ./web/test/dom-environment.cjs */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLOCK } from '@storefront/domain/site/blocks';
import { ADMIN_SESSION, fakeFetch, renderOwnerApp, SITE_SUMMARY, type FakeServer } from '../../../../test/owner-app';
import { UNSAVED_CHANGES_TITLE } from '../../ui/unsaved-changes';

afterEach(() => jest.restoreAllMocks());

type Block = { id: string; type: number; typeName?: string; value: Record<string, unknown> };

function collection(id: string, typeName: string, extra: Record<string, unknown> = {}) {
  return {
    id, websiteId: 'w1', title: id.charAt(0).toUpperCase() + id.slice(1), navigationTitle: id, description: '', urlId: id, fullUrl: `/${id}`,
    type: typeName === 'page' ? 10 : 1, typeName, folder: false, folderBehavior: null, itemCount: 0, passwordProtected: false, membersOnly: false,
    published: true, isHome: false, pageSize: 20, createdOn: 1, updatedOn: 1, ...extra,
  };
}

const IMAGE = { id: 'img-1', assetUrl: '/static/images/img-1/mug.jpg', filename: 'mug.jpg', title: 'Blue mug', altText: '', originalSize: '800x600' };
const PRODUCT = { id: 'p-mug', name: 'Stoneware mug', structuredContent: { priceMoney: { value: '2800', currency: 'USD' } } };

/** The demo's About page, its site, library and catalog, answered like the API does. */
function server(blocks: Block[], extra: FakeServer = {}, page: Record<string, unknown> = {}) {
  const about = collection('about', 'page', { layout: { blocks }, ...page });
  return fakeFetch({
    'GET /api/config/session': { body: ADMIN_SESSION },
    'GET /api/site/settings': { body: { website: { ...SITE_SUMMARY.website, timeZone: 'America/New_York' } } },
    'GET /api/site/collections': { body: { collections: [collection('home', 'page', { fullUrl: '/' }), about, collection('journal', 'blog')] } },
    'GET /api/site/collections/about': { body: { collection: about, items: [] } },
    'GET /api/media/images': { body: { images: [IMAGE] } },
    'GET /api/content-service/product/1.1/websites/w1/products': { body: { products: [PRODUCT] } },
    'PUT /api/site/collections/about/layout': (body) => ({ body: { collection: { ...about, layout: { blocks: (body as { blocks: Block[] }).blocks }, updatedOn: 2 }, items: [] } }),
    // The published site as the owner sees it, caught up with the save (the preview reloads then).
    'GET /about?format=json': { body: { collection: { id: 'about', updatedOn: 2 } } },
    ...extra,
  });
}

const HEADING: Block = { id: 'h1', type: BLOCK.html, value: { html: '<h2>About the studio</h2>' } };
const QUOTE: Block = { id: 'q1', type: BLOCK.quote, value: { text: 'A good mug', source: 'Ana' } };

async function openEditor(path = '/pages/about/content') {
  const view = renderOwnerApp(path);
  await screen.findByRole('heading', { name: 'About', level: 1 });
  await screen.findByRole('heading', { name: 'Blocks', level: 2 });
  return view;
}

/** A choice of the open "Add block" panel. */
const addChoice = (name: string) => within(screen.getByRole('group', { name: 'Block types' })).getByRole('button', { name: new RegExp(`^${name}`) });
const rows = () => within(screen.getByRole('list', { name: 'Blocks of this page' })).getAllByRole('listitem');
const rowLabels = () => rows().map((r) => within(r).getAllByRole('button')[1]!.textContent);
const layoutSaves = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/site/collections/about/layout').map((c) => (c.body as { blocks: Block[] }).blocks);

describe('the page editor', () => {
  it('shows the blocks and the published page in a frame, at the SPEC device widths', async () => {
    server([HEADING, QUOTE]);
    await openEditor();
    expect(rowLabels()).toEqual(['1HeadingAbout the studio', '2QuoteA good mug']);
    const frame = screen.getByTitle('Preview of About') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/about');
    expect(frame.style.width).toBe('1024px');
    const devices = within(screen.getByRole('group', { name: 'Device' }));
    expect(devices.getByRole('button', { name: /Desktop/ }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(devices.getByRole('button', { name: /Phone/ }));
    expect(devices.getByRole('button', { name: /Phone/ }).getAttribute('aria-pressed')).toBe('true');
    expect(devices.getByRole('button', { name: /Desktop/ }).getAttribute('aria-pressed')).toBe('false');
    expect(frame.style.width).toBe('428px');
    await userEvent.click(devices.getByRole('button', { name: /Tablet/ }));
    expect(frame.style.width).toBe('768px');
  });

  it('adds blocks after the selected one, saves the layout as one command and reloads the preview', async () => {
    const { calls } = server([HEADING, QUOTE]);
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: /^Heading/ }));
    await userEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    await userEvent.click(addChoice('Product'));
    expect(rowLabels().map((l) => l?.replace(/^\d+/, ''))).toEqual(['HeadingAbout the studio', 'ProductNo product chosen', 'QuoteA good mug']);
    expect(screen.getByText('Added Product block at position 2 of 3.')).toBeTruthy();
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();

    // A product block needs its product before it can be saved.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(/Choose a product for this block\./)).length).toBeGreaterThan(0);
    expect(layoutSaves(calls)).toHaveLength(0);

    await userEvent.selectOptions(await screen.findByLabelText('Product'), 'p-mug');
    const frameBefore = screen.getByTitle('Preview of About');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The published page shows your changes.')).toBeTruthy();
    const [sent] = layoutSaves(calls);
    expect(sent!.map((b) => b.type)).toEqual([BLOCK.html, BLOCK.product, BLOCK.quote]);
    expect(sent![1]).toMatchObject({ type: BLOCK.product, value: { productId: 'p-mug' } });
    expect(screen.queryByText(/Unsaved changes/)).toBeNull();
    // The frame is a new one once the published site shows the save: the page loads again with the saved layout.
    await waitFor(() => expect(screen.getByTitle('Preview of About')).not.toBe(frameBefore));
    expect(calls.some((c) => c.path === '/about?format=json')).toBe(true);
  });

  it('moves a block by keyboard from its handle, announcing each step in the live region', async () => {
    const { calls } = server([HEADING, QUOTE, { id: 'r1', type: BLOCK.horizontalRule, value: {} }]);
    await openEditor();
    const handle = screen.getByRole('button', { name: 'Move Heading block, position 1 of 3' });
    handle.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByText(/^Picked up Heading block at position 1 of 3\./)).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByText('Moved Heading block to position 2 of 3.')).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByText('Moved Heading block to position 3 of 3.')).toBeTruthy();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByText('Heading block is already at position 3 of 3.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Heading block, position 3 of 3' }));
    await userEvent.keyboard(' ');
    expect(screen.getByText('Dropped Heading block at position 3 of 3.')).toBeTruthy();
    expect(rowLabels().map((l) => l?.replace(/^\d+/, ''))).toEqual(['QuoteA good mug', 'Line', 'HeadingAbout the studio']);

    // Escape puts a picked-up block back where it was.
    screen.getByRole('button', { name: 'Move Quote block, position 1 of 3' }).focus();
    await userEvent.keyboard(' {ArrowDown}{ArrowDown}{Escape}');
    expect(screen.getByText('Move cancelled. Quote block is back at position 1 of 3.')).toBeTruthy();
    expect(rowLabels()[0]).toMatch(/Quote/);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(layoutSaves(calls)).toHaveLength(1));
    expect(layoutSaves(calls)[0]!.map((b) => b.id)).toEqual(['q1', 'r1', 'h1']);
  });

  it('moves blocks by drag and drop, and with the move buttons', async () => {
    server([HEADING, QUOTE, { id: 'r1', type: BLOCK.horizontalRule, value: {} }]);
    await openEditor();
    const [first, , third] = rows();
    const transfer = { setData: () => undefined, getData: () => 'h1', effectAllowed: '', dropEffect: '' };
    fireEvent.pointerDown(within(first!).getByRole('button', { name: /^Move Heading block,/ }));
    fireEvent.dragStart(first!, { dataTransfer: transfer });
    // jsdom's drag events carry no pointer position: the drop lands above the row it is over.
    fireEvent.dragOver(third!, { dataTransfer: transfer });
    expect(third!.className).toContain('drop-before');
    fireEvent.drop(third!, { dataTransfer: transfer });
    expect(rowLabels().map((l) => l?.replace(/^\d+/, ''))).toEqual(['QuoteA good mug', 'HeadingAbout the studio', 'Line']);
    expect(screen.getByText('Moved Heading block to position 2 of 3.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Move Heading block down' }));
    expect(rowLabels()[2]).toMatch(/Heading/);
    expect((screen.getByRole('button', { name: 'Move Quote block up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('duplicates and deletes blocks (deleting asks first)', async () => {
    server([HEADING, QUOTE]);
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Quote block' }));
    expect(rowLabels().map((l) => l?.replace(/^\d+/, ''))).toEqual(['HeadingAbout the studio', 'QuoteA good mug', 'QuoteA good mug']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Heading block' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this heading block?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(rows()).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Heading block' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete block' }));
    expect(rowLabels().map((l) => l?.replace(/^\d+/, ''))).toEqual(['QuoteA good mug', 'QuoteA good mug']);
    expect(screen.getByText('Deleted Heading block. 2 blocks left.')).toBeTruthy();
  });

  it(`says so past 60 blocks, and shows the server's message when it refuses a save`, async () => {
    const sixty = Array.from({ length: 60 }, (_, i): Block => ({ id: `s${i}`, type: BLOCK.spacer, value: { height: 10 } }));
    server(sixty, {
      'PUT /api/site/collections/about/layout': { status: 400, body: { error: 'TOO_MANY_BLOCKS', message: 'A layout can hold at most 60 blocks.' } },
    });
    await openEditor();
    expect(screen.getByText('60 of 60')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    expect(screen.getByText('This page holds the most blocks a page can hold. Delete a block to add another.')).toBeTruthy();
    await userEvent.click(addChoice('Spacer'));
    expect(screen.getByRole('alert').textContent).toContain('A layout can hold at most 60 blocks. Delete a block before adding another.');
    expect(rows()).toHaveLength(60);
    await userEvent.click(screen.getAllByRole('button', { name: 'Duplicate Spacer block' })[0]!);
    expect(rows()).toHaveLength(60);

    await userEvent.click(screen.getAllByRole('button', { name: 'Move Spacer block down' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A layout can hold at most 60 blocks.', { selector: '.ow-alert' })).toBeTruthy();
  });

  it('asks before leaving unsaved changes: keep editing stays, discard leaves', async () => {
    server([HEADING, QUOTE], { 'GET /api/site/collections/journal/items': { body: { items: [] } } });
    const { router } = await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Quote block' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete block' }));

    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    expect(await screen.findByRole('alertdialog', { name: UNSAVED_CHANGES_TITLE })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/pages/about/content');
    expect(rows()).toHaveLength(1);

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
  });

  it('lets a saved editor go without asking', async () => {
    server([HEADING]);
    const { router } = await openEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Heading block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. The published page shows your changes.');
    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('publishes a hidden page after saving it', async () => {
    const { calls } = server([HEADING], {
      'PUT /api/site/collections/about': (body) => ({ body: { collection: collection('about', 'page', { published: (body as { published: boolean }).published }), items: [] } }),
    }, { published: false });
    await openEditor();
    expect(screen.getByText(/Not published/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate Heading block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Published. Visitors now see this page.')).toBeTruthy();
    const writes = calls.filter((c) => c.method === 'PUT').map((c) => c.path);
    expect(writes).toEqual(['/api/site/collections/about/layout', '/api/site/collections/about']);
    expect(calls.find((c) => c.path === '/api/site/collections/about' && c.method === 'PUT')!.body).toEqual({ published: true });
  });
});

/**
 * Answers the multipart upload (POST /api/media/images) with `answer`; the shared fake fetch reads
 * request bodies as JSON. Every other request goes to it as before.
 */
function answerUploads(fetchMock: jest.SpyInstance, answer: { status: number; body: unknown }) {
  const uploads: string[] = [];
  const others = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/media/images') {
      uploads.push(request.url);
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }
    return others(input, init);
  });
  return uploads;
}

describe('block fields', () => {
  it('form blocks choose one of the site’s forms (required before saving); newsletter blocks may choose a sign-up form', async () => {
    const forms = [
      { id: 'contact-form', name: 'Write to the studio', kind: 'form', version: 1, updatedAt: '2026-01-01T00:00:00.000Z', submissions: 0 },
      { id: 'newsletter', name: 'Kiln days newsletter', kind: 'newsletter', version: 1, updatedAt: '2026-01-01T00:00:00.000Z', submissions: 0 },
    ];
    const { calls } = server([], { 'GET /api/config/forms': { body: { forms } } });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    await userEvent.click(addChoice('Form'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Block 1 (Form): Choose the form this block shows.')).toBeTruthy();
    expect(layoutSaves(calls)).toEqual([]);
    const picker = (await screen.findByLabelText('Form')) as HTMLSelectElement;
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a form…', 'Write to the studio']);
    await userEvent.selectOptions(picker, 'contact-form');

    await userEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    await userEvent.click(addChoice('Newsletter'));
    const signUp = (await screen.findByLabelText('Sign-up form')) as HTMLSelectElement;
    expect(within(signUp).getAllByRole('option').map((o) => o.textContent)).toEqual(['None: an email field only', 'Kiln days newsletter']);
    await userEvent.selectOptions(signUp, 'newsletter');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(layoutSaves(calls)).toHaveLength(1));
    expect(layoutSaves(calls)[0]!.map((b) => [b.type, b.value.formId])).toEqual([[BLOCK.form, 'contact-form'], [BLOCK.newsletter, 'newsletter']]);
  });

  it('image blocks choose from the library, and upload in place with the SPEC file messages', async () => {
    const { fetchMock } = server([]);
    const uploads = answerUploads(fetchMock, { status: 201, body: { ...IMAGE, id: 'img-2', filename: 'bowl.png', title: '' } });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    await userEvent.click(addChoice('Image'));
    const library = await screen.findByRole('list', { name: 'Your images' });
    await userEvent.click(within(library).getByRole('button', { name: /Blue mug/ }));
    expect(rowLabels()[0]).toMatch(/Image.*Blue mug/);

    const upload = screen.getByLabelText('Upload an image') as HTMLInputElement;
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 20_000_001 });
    await userEvent.upload(upload, big);
    expect(await screen.findByText('The file huge.jpg is too large. The maximum allowed file size is 20 MB.')).toBeTruthy();
    await userEvent.upload(upload, new File(['%PDF-1.7'], 'notes.pdf', { type: 'image/png' }));
    expect(await screen.findByText('The file notes.pdf does not appear to be a supported file.')).toBeTruthy();
    expect(uploads).toHaveLength(0);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], 'bowl.png', { type: 'image/png' });
    await userEvent.upload(upload, png);
    expect(await screen.findByText('Uploaded bowl.png.')).toBeTruthy();
    expect(uploads).toHaveLength(1);
  });

  it("shows the server's message when an upload is refused", async () => {
    const { fetchMock } = server([]);
    answerUploads(fetchMock, { status: 400, body: { error: 'UNSUPPORTED_FILE', message: 'The file bowl.png does not appear to be a supported file.' } });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    await userEvent.click(addChoice('Image'));
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'bowl.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload an image'), png);
    expect(await screen.findByText('The file bowl.png does not appear to be a supported file.')).toBeTruthy();
  });

  it('checks links with the link editor as they are typed, and refuses to save a bad one', async () => {
    const { calls } = server([{ id: 'b1', type: BLOCK.button, value: { label: 'Shop', url: '/shop' } }]);
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: /^Button/ }));
    const page = screen.getByLabelText('Page');
    await userEvent.clear(page);
    await userEvent.type(page, '/abot');
    expect(screen.getByText('/abot is not a valid page URL')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Link to'), 'web');
    await userEvent.type(screen.getByLabelText('Web address'), 'example.com');
    expect(screen.getByText('Links must be formatted as http://example.com or https://example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Block 1 (Button): Links must be formatted as http://example.com or https://example.com')).toBeTruthy();
    expect(layoutSaves(calls)).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Link to'), 'email');
    await userEvent.type(screen.getByLabelText('Email address'), 'ana');
    expect(screen.getAllByText('Emails must be formatted as name@example.com').length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText('Email address'), '@clay');
    expect(screen.getAllByText('Please enter a valid email').length).toBeGreaterThan(0);
    await userEvent.type(screen.getByLabelText('Email address'), '.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(layoutSaves(calls)).toHaveLength(1));
    expect(layoutSaves(calls)[0]![0]!.value).toEqual({ label: 'Shop', url: 'mailto:ana@clay.com' });
  });

  it('edits text blocks in a rich-text editor with a formatting toolbar', async () => {
    server([HEADING]);
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: /^Heading/ }));
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting of heading text' });
    expect(within(toolbar).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Bold', 'Italic', 'Link', 'Remove link', 'Bulleted list', 'Numbered list']);
    expect(within(toolbar).getByRole('combobox', { name: 'Text style' })).toBeTruthy();
    const area = screen.getByRole('textbox', { name: 'Heading text' });
    expect(area.innerHTML).toBe('<h2>About the studio</h2>');
    act(() => {
      area.innerHTML = '<h2>About <span style="color:red">us</span></h2><div>Made by hand.</div>';
      fireEvent.input(area);
    });
    expect(rowLabels()[0]).toBe('1HeadingAbout us Made by hand.');
    await userEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const linkForm = screen.getByRole('group', { name: 'Add a link' });
    await userEvent.type(within(linkForm).getByLabelText('Page'), '/nowhere');
    await userEvent.click(within(linkForm).getByRole('button', { name: 'Apply link' }));
    expect(within(linkForm).getByText('/nowhere is not a valid page URL')).toBeTruthy();
    await userEvent.click(within(linkForm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Add a link' })).toBeNull();
  });

  it('offers headings and text to an editor, and code blocks to an admin only', async () => {
    const CODE: Block = { id: 'c1', type: BLOCK.code, value: { code: 'npm start', language: 'shell' } };
    server([HEADING, CODE], { 'GET /api/config/session': { body: { ...ADMIN_SESSION, owner: { ...ADMIN_SESSION.owner, roles: ['editor'] } } } });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: '+ Add block' }));
    expect((addChoice('Heading') as HTMLButtonElement).disabled).toBe(false);
    expect((addChoice('Text') as HTMLButtonElement).disabled).toBe(false);
    expect((addChoice('Code') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Only an admin can add code blocks.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: /^Heading/ }));
    expect(screen.queryByText(/Only an admin can change/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Code/ }));
    expect(screen.getByText('Only an admin can change code blocks. You can still move this block, or delete it.')).toBeTruthy();
  });
});

describe('blog posts and events', () => {
  const EVENT = {
    id: 'ev1', collectionId: 'events', recordType: 12, title: 'Kiln open day', urlId: 'kiln-open-day', fullUrl: '/events/kiln-open-day', excerpt: '<p>Come by.</p>',
    body: '<p>Tea and firing.</p>', mainImageId: null, workflowState: 'Draft', startDate: Date.UTC(2026, 6, 4, 16, 0), endDate: Date.UTC(2026, 6, 4, 20, 0),
    location: { addressTitle: 'The studio', addressLine1: '12 Kiln Lane', addressLine2: '', addressCountry: 'US', mapLat: null, mapLng: null, mapZoom: null },
  };

  function itemServer() {
    return fakeFetch({
      'GET /api/config/session': { body: ADMIN_SESSION },
      'GET /api/site/settings': { body: { website: { ...SITE_SUMMARY.website, timeZone: 'America/New_York' } } },
      'GET /api/site/collections': { body: { collections: [collection('events', 'events')] } },
      'GET /api/site/items/ev1': { body: { item: EVENT } },
      'GET /api/media/images': { body: { images: [IMAGE] } },
      'PUT /api/site/items/ev1': (body) => ({ body: { item: { ...EVENT, ...(body as object), updatedOn: 2 } } }),
      'POST /api/site/items/ev1/publish': { body: { item: { ...EVENT, workflowState: 'Published', updatedOn: 3 } } },
      'GET /events/kiln-open-day?format=json': { body: { item: { id: 'ev1', updatedOn: 3 } } },
    });
  }

  it("edits an event's own fields in the website's time zone, saves and publishes it", async () => {
    const { calls } = itemServer();
    renderOwnerApp('/pages/ev1/content');
    expect(await screen.findByRole('heading', { name: 'Kiln open day', level: 1 })).toBeTruthy();
    expect(screen.getByText(/Event in Events/)).toBeTruthy();
    expect((screen.getByLabelText('Starts') as HTMLInputElement).value).toBe('2026-07-04T12:00');
    expect((screen.getByTitle('Preview of Kiln open day') as HTMLIFrameElement).getAttribute('src')).toBe('/events/kiln-open-day');

    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Please enter a title of at most 200 characters.')).not.toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Title'), 'Kiln open day 2026');
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2026-07-04T10:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('An event cannot end before it starts.')).not.toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Ends'), { target: { value: '2026-07-04T18:30' } });
    await userEvent.clear(screen.getByLabelText('Address line 2'));
    await userEvent.type(screen.getByLabelText('Address line 2'), 'Back door');

    await userEvent.click(screen.getByRole('button', { name: 'Save and publish' }));
    expect(await screen.findByText('Published. Visitors now see it.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/site/items/ev1')!;
    expect(put.body).toMatchObject({
      title: 'Kiln open day 2026', startDate: EVENT.startDate, endDate: Date.UTC(2026, 6, 4, 22, 30), location: { addressLine2: 'Back door' }, body: '<p>Tea and firing.</p>',
    });
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/site/items/ev1/publish')).toBe(true);
  });

  it('lists the posts of a blog to open, when the blog itself is opened', async () => {
    fakeFetch({
      'GET /api/config/session': { body: ADMIN_SESSION },
      'GET /api/site/settings': { body: SITE_SUMMARY },
      'GET /api/site/collections': { body: { collections: [collection('journal', 'blog')] } },
      'GET /api/site/collections/journal/items': { body: { items: [{ id: 'post-1', title: 'First firing', workflowState: 'Published' }] } },
    });
    renderOwnerApp('/pages/journal/content');
    expect((await screen.findByRole('link', { name: 'First firing' })).getAttribute('href')).toBe('/pages/post-1/content');
  });

  it('says when there is nothing with the id', async () => {
    fakeFetch({
      'GET /api/config/session': { body: ADMIN_SESSION },
      'GET /api/site/settings': { body: SITE_SUMMARY },
      'GET /api/site/collections': { body: { collections: [] } },
      'GET /api/site/items/gone': { status: 404, body: { error: 'ITEM_NOT_FOUND', message: 'There is no content item with this id.' } },
    });
    renderOwnerApp('/pages/gone/content');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
