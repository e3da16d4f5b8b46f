/** @jest-environment ./web/test/dom-environment.cjs */
import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, renderOwnerApp } from '../../../../test/owner-app';
import { fakeSite, item } from '../../../../test/pages-fixtures';

afterEach(() => jest.restoreAllMocks());

const section = (name: string) => screen.getByRole('region', { name });
const rowTitles = (list: HTMLElement) =>
  [...list.querySelectorAll(':scope > li')].map((li) => li.querySelector('.pg-row-title')!.textContent);
const navCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === '/api/widget/UpdateNavigation').map((c) => c.body as { fieldName: string; navigation: { items: { collectionId: string | null; title?: string | null; children?: { collectionId: string }[] }[] } });

async function openPages() {
  const site = fakeSite();
  const fetch = fakeFetch(site.server);
  const app = renderOwnerApp('/pages');
  await screen.findByRole('heading', { name: 'Main navigation' });
  return { ...site, ...fetch, ...app };
}

describe('the page tree', () => {
  it('shows the main and secondary navigations with folders, and the pages in neither, with their statuses', async () => {
    await openPages();
    const main = within(section('Main navigation')).getByRole('list', { name: 'Main navigation' });
    expect(rowTitles(main)).toEqual(['Home', 'Shop', 'Journal', 'Gallery', 'The Studio']);
    expect(rowTitles(within(main).getByRole('list', { name: 'In The Studio' }))).toEqual(['About', 'Wholesale']);
    expect(rowTitles(within(section('Secondary navigation')).getByRole('list'))).toEqual(['About', 'Instagram']);
    const unlinked = within(section('Not linked')).getByRole('list');
    expect(rowTitles(unlinked)).toEqual(['Care Guide']);
    expect(within(unlinked).getByText('Draft')).toBeTruthy();
    expect(within(main).getByText('Home page')).toBeTruthy();
    expect(within(main).getByText('Locked')).toBeTruthy();
    expect(within(main).getByRole('link', { name: 'Edit About' }).getAttribute('href')).toBe('/pages/about/content');
  });

  it('moves a page one place with Alt and an arrow key, saves the navigation, announces it, and keeps focus on it', async () => {
    const { calls } = await openPages();
    const handle = screen.getAllByRole('button', { name: 'Move Shop' })[0]!;
    handle.focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(navCalls(calls)).toHaveLength(1));
    expect(navCalls(calls)[0]!.fieldName).toBe('mainNav');
    expect(navCalls(calls)[0]!.navigation.items.map((l) => l.collectionId)).toEqual(['shop', 'home', 'journal', 'gallery', 'studio']);
    expect(await screen.findByText('Shop moved to position 1 of 5 in main navigation.')).toBeTruthy();
    const main = within(section('Main navigation')).getByRole('list', { name: 'Main navigation' });
    expect(rowTitles(main)).toEqual(['Shop', 'Home', 'Journal', 'Gallery', 'The Studio']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Move Shop' })[0]));
    // Inside a folder too; the first row cannot go further up.
    screen.getAllByRole('button', { name: 'Move Wholesale' })[0]!.focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(navCalls(calls)).toHaveLength(2));
    expect(navCalls(calls)[1]!.navigation.items[4]!.children!.map((c) => c.collectionId)).toEqual(['wholesale', 'about']);
    screen.getAllByRole('button', { name: 'Move Shop' })[0]!.focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(await screen.findByText('Shop is already first in its list.')).toBeTruthy();
    expect(navCalls(calls)).toHaveLength(2);
  });

  it('puts the old order back and says why when the server refuses a move', async () => {
    const { refuse } = await openPages();
    refuse('POST /api/widget/UpdateNavigation', { status: 400, body: { error: 'INVALID_NAVIGATION', message: 'Navigation link 2: a page can appear only once in a navigation.' } });
    screen.getAllByRole('button', { name: 'Move Journal' })[0]!.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect((await screen.findByRole('alert')).textContent).toBe('Navigation link 2: a page can appear only once in a navigation.');
    const main = within(section('Main navigation')).getByRole('list', { name: 'Main navigation' });
    expect(rowTitles(main)).toEqual(['Home', 'Shop', 'Journal', 'Gallery', 'The Studio']);
  });

  it('moves a page to another navigation, into a folder or out of the navigations with Move to…', async () => {
    const { calls } = await openPages();
    await userEvent.click(screen.getAllByRole('button', { name: 'Move Care Guide' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Move “Care Guide”' });
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Main navigation (at the end)', 'Inside “The Studio” in main navigation', 'Secondary navigation (at the end)',
    ]);
    await userEvent.click(within(dialog).getByLabelText('Inside “The Studio” in main navigation'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(navCalls(calls)).toHaveLength(1));
    expect(navCalls(calls)[0]!.navigation.items[4]!.children!.map((c) => c.collectionId)).toEqual(['about', 'wholesale', 'care']);
    expect(await screen.findByText('Care Guide moved to position 3 of 3 in “The Studio” in main navigation.')).toBeTruthy();
    expect(screen.getByText('Every page is in a navigation.')).toBeTruthy();

    // The secondary navigation already links About: it is not offered there again.
    const aboutInMain = within(section('Main navigation')).getAllByRole('button', { name: 'Move About' })[0]!;
    await userEvent.click(aboutInMain);
    const move = screen.getByRole('dialog', { name: 'Move “About”' });
    expect(within(move).queryByLabelText('Secondary navigation (at the end)')).toBeNull();
    await userEvent.click(within(move).getByLabelText('Not linked (out of this navigation)'));
    await userEvent.click(within(move).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(navCalls(calls)).toHaveLength(2));
    expect(navCalls(calls)[1]!.navigation.items[4]!.children!.map((c) => c.collectionId)).toEqual(['wholesale', 'care']);
  });

  it('moves a page by drag and drop: before a row, and into a folder', async () => {
    const { calls } = await openPages();
    const main = within(section('Main navigation')).getByRole('list', { name: 'Main navigation' });
    const rowOf = (title: string) => [...main.querySelectorAll('li')].find((li) => li.querySelector(':scope > .pg-row-main .pg-row-title')?.textContent === title)!;
    const target = (title: string) => rowOf(title).querySelector(':scope > .pg-row-main')!;
    const rect = { top: 0, height: 40, bottom: 40, left: 0, right: 400, width: 400, x: 0, y: 0, toJSON: () => ({}) };
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(rect as DOMRect);
    const dataTransfer = { setData: jest.fn(), effectAllowed: '', dropEffect: '' };
    // jsdom has no DragEvent: the pointer's height is set on the event by hand.
    const at = (kind: 'dragOver' | 'drop', element: Element, clientY: number) => {
      const event = createEvent[kind](element, { dataTransfer });
      Object.defineProperty(event, 'clientY', { value: clientY });
      fireEvent(element, event);
    };

    fireEvent.dragStart(rowOf('Gallery'), { dataTransfer });
    at('dragOver', target('Shop'), 5);
    expect(rowOf('Shop').className).toContain('pg-drop-before');
    at('drop', target('Shop'), 5);
    await waitFor(() => expect(navCalls(calls)).toHaveLength(1));
    expect(navCalls(calls)[0]!.navigation.items.map((l) => l.collectionId)).toEqual(['home', 'gallery', 'shop', 'journal', 'studio']);
    expect(await screen.findByText('Gallery moved to position 2 of 5 in main navigation.')).toBeTruthy();

    fireEvent.dragStart(rowOf('Journal'), { dataTransfer });
    at('dragOver', target('The Studio'), 20);
    expect(rowOf('The Studio').className).toContain('pg-drop-inside');
    at('drop', target('The Studio'), 20);
    await waitFor(() => expect(navCalls(calls)).toHaveLength(2));
    expect(navCalls(calls)[1]!.navigation.items.map((l) => [l.collectionId, (l.children ?? []).map((c) => c.collectionId)])).toEqual([
      ['home', []], ['gallery', []], ['shop', []], ['studio', ['about', 'wholesale', 'journal']],
    ]);
  });

  it('adds a page as a draft where the owner chose, showing its address first', async () => {
    const { calls } = await openPages();
    await userEvent.click(screen.getByRole('button', { name: 'Add page' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a page' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add page' }));
    expect(within(dialog).getByText('Please enter a title of at most 200 characters.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'About');
    expect(within(dialog).getByText(/Its address will be \/about-1\./)).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Visit us');
    await userEvent.selectOptions(within(dialog).getByLabelText('Where'), 'Secondary navigation (at the end)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add page' }));
    await waitFor(() => expect(navCalls(calls)).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/site/collections')!.body).toEqual({ kind: 'page', title: 'Visit us', workflowState: 'Draft' });
    expect(navCalls(calls)[0]).toMatchObject({ fieldName: 'secondaryNav' });
    expect(navCalls(calls)[0]!.navigation.items.map((l) => l.collectionId)).toEqual(['about', null, 'new-visit-us']);
    expect(await screen.findByText('Added Visit us as a draft at /visit-us, in the secondary navigation.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds an external link, refusing one that is not a link in the SPEC wording', async () => {
    const { calls } = await openPages();
    await userEvent.click(within(section('Main navigation')).getByRole('button', { name: 'Add link' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a link' });
    await userEvent.type(within(dialog).getByLabelText('Address'), 'javascript:alert(1)');
    await userEvent.type(within(dialog).getByLabelText('Title in the navigation'), 'Etsy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(within(dialog).getByText('javascript:alert(1) is not a valid page URL')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Address'));
    await userEvent.type(within(dialog).getByLabelText('Address'), 'etsy.com/shop/clayandco');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    await waitFor(() => expect(navCalls(calls)).toHaveLength(1));
    expect(navCalls(calls)[0]).toMatchObject({ fieldName: 'mainNav' });
    expect(navCalls(calls)[0]!.navigation.items.at(-1)).toMatchObject({ externalLink: 'https://etsy.com/shop/clayandco', title: 'Etsy', newWindow: true });
  });

  it('renames a page’s navigation title and an external link’s title', async () => {
    const { calls } = await openPages();
    const more = within(section('Secondary navigation')).getByRole('button', { name: 'More actions for About' });
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const input = screen.getByRole('textbox', { name: 'New name for About' });
    expect(document.activeElement).toBe(input);
    await userEvent.clear(input);
    await userEvent.type(input, 'Our story{Enter}');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/site/collections/about')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/site/collections/about')!.body).toEqual({ navigationTitle: 'Our story' });
    expect(await screen.findByText('Renamed to Our story.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'More actions for Instagram' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'New name for Instagram' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'New name for Instagram' }), 'Instagram ↗{Enter}');
    await waitFor(() => expect(navCalls(calls)).toHaveLength(1));
    expect(navCalls(calls)[0]!.navigation.items[1]).toMatchObject({ title: 'Instagram ↗' });
  });

  it('publishes a draft and unpublishes a page from the row menu', async () => {
    const { calls } = await openPages();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Care Guide' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Publish now' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/site/collections/care')).toBe(true));
    expect(calls.find((c) => c.path === '/api/site/collections/care')!.body).toEqual({ workflowState: 'Published' });
    expect(await screen.findByText('Published Care Guide: visitors see it at /care-guide.')).toBeTruthy();

    await userEvent.click(within(section('Main navigation')).getByRole('button', { name: 'More actions for Shop' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Unpublish (make it a draft)' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/site/collections/shop')).toBe(true));
    expect(calls.find((c) => c.path === '/api/site/collections/shop')!.body).toEqual({ workflowState: 'Draft' });
  });

  it('deletes a page only when the confirmation modal is confirmed (SPEC 4)', async () => {
    const { calls } = await openPages();
    const openDelete = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'More actions for Care Guide' }));
      await userEvent.click(screen.getByRole('menuitem', { name: 'Delete page' }));
      return screen.findByRole('alertdialog', { name: 'Delete “Care Guide”?' });
    };
    await openDelete();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    const dialog = await openDelete();
    expect(dialog.textContent).toContain('The page and its content are deleted and it leaves every navigation.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/site/collections/care')).toBe(true));
    expect(await screen.findByText('Deleted Care Guide.')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Every page is in a navigation.')).toBeTruthy());
  });

  it('lists a blog’s posts under it, each opening in the editor, and starts a new post as a draft', async () => {
    const site = fakeSite();
    site.server['POST /api/site/collections/journal/items'] = (body) => ({ status: 201, body: { item: { id: 'post-new', collectionId: 'journal', title: (body as { title: string }).title, workflowState: 'Draft', publishOn: null } } });
    const { calls } = fakeFetch(site.server);
    renderOwnerApp('/pages');
    await userEvent.click(await screen.findByRole('button', { name: 'Show the posts of Journal' }));
    const posts = await screen.findByRole('region', { name: 'Posts of Journal' });
    expect(await within(posts).findByRole('link', { name: 'first-firing' })).toBeTruthy();
    expect(within(posts).getByRole('link', { name: 'Edit glaze-notes' }).getAttribute('href')).toBe('/pages/glaze-notes/content');
    expect(within(posts).getByText('Draft')).toBeTruthy();
    await userEvent.type(within(posts).getByLabelText('New post'), 'Reclaiming clay');
    await userEvent.click(within(posts).getByRole('button', { name: 'Create draft post' }));
    expect(await within(posts).findByText(/Created “Reclaiming clay” as a draft\./)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/site/collections/journal/items')!.body).toEqual({ title: 'Reclaiming clay', workflowState: 'Draft' });
    expect(within(posts).getByRole('link', { name: 'Write it in the editor' }).getAttribute('href')).toBe('/pages/post-new/content');
  });

  it('reorders a gallery’s images by keyboard and shows the 250-item limit (SPEC 9)', async () => {
    const site = fakeSite();
    site.server['PUT /api/site/collections/gallery/order'] = { body: { collection: {} } };
    const { calls } = fakeFetch(site.server);
    renderOwnerApp('/pages');
    await userEvent.click(await screen.findByRole('button', { name: 'Show the images of Gallery' }));
    const images = await screen.findByRole('region', { name: 'Images of Gallery' });
    expect(await within(images).findByText('3 of 250 images')).toBeTruthy();
    (await within(images).findByRole('button', { name: 'Move Wheel' })).focus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/site/collections/gallery/order')).toBe(true));
    expect(calls.find((c) => c.path === '/api/site/collections/gallery/order')!.body).toEqual({ itemIds: ['img-2', 'img-1', 'img-3'] });
    expect(screen.getByText('Wheel moved to position 1 of 3.')).toBeTruthy();
  });

  it('adds images from the media library to a gallery, never past 250 (SPEC 9)', async () => {
    const site = fakeSite();
    const images = [1, 2, 3].map((n) => ({ id: `lib-${n}`, assetUrl: `/static/images/lib-${n}/x.jpg`, altText: '', title: `Photo ${n}`, filename: 'x.jpg', originalSize: '800x600' }));
    site.server['GET /api/media/images'] = { body: { images } };
    site.server['GET /api/site/collections/gallery/items'] = { body: { items: Array.from({ length: 249 }, (_, i) => item(`g${i}`, { collectionId: 'gallery', title: `G${i}`, recordType: 2 })) } };
    site.server['POST /api/site/collections/gallery/items'] = (body) => ({ status: 201, body: { item: item('g-new', { collectionId: 'gallery', title: '', mainImageId: (body as { mainImageId: string }).mainImageId, recordType: 2 }) } });
    const { calls } = fakeFetch(site.server);
    renderOwnerApp('/pages');
    await userEvent.click(await screen.findByRole('button', { name: 'Show the images of Gallery' }));
    const gallery = await screen.findByRole('region', { name: 'Images of Gallery' });
    expect(await within(gallery).findByText('249 of 250 images')).toBeTruthy();
    await userEvent.click(within(gallery).getByRole('button', { name: 'Add images' }));
    const dialog = screen.getByRole('dialog', { name: 'Add images to Gallery' });
    expect(within(dialog).getByText(/Room for 1 more image/)).toBeTruthy();
    await userEvent.click(await within(dialog).findByLabelText('Photo 1'));
    await userEvent.click(within(dialog).getByLabelText('Photo 2'));
    expect(within(dialog).getByText('A collection can hold at most 250 items. There is room for 1 more.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Add 2 images' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByLabelText('Photo 2'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add 1 image' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/site/collections/gallery/items')!.body).toEqual({ mainImageId: 'lib-1', workflowState: 'Published' });
    expect(await within(gallery).findByText('250 of 250 images')).toBeTruthy();
    expect(within(gallery).getByText('A collection can hold at most 250 items. Delete one before adding another.')).toBeTruthy();
    expect((within(gallery).getByRole('button', { name: 'Add images' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
