import { BLOCK } from '@storefront/domain/site/blocks';
import type { EditorBlock } from './block-types';
import {
  blockAdded, blockChanged, blockDeleted, blockDuplicated, blockMoved, blockSelected, initialPageEditorState, itemChanged, itemLoaded, MAX_BLOCKS,
  noticeDismissed, pageEditorReducer, pageLoaded, saved, TOO_MANY_BLOCKS_MESSAGE, type ItemDraft, type PageEditorState,
} from './editor-slice';

const heading: EditorBlock = { id: 'h', type: BLOCK.html, value: { html: '<h2>Welcome</h2>' } };
const image: EditorBlock = { id: 'i', type: BLOCK.image, value: { imageId: 'img-1' } };
const product: EditorBlock = { id: 'p', type: BLOCK.product, value: { productId: 'mug' } };

function loaded(blocks: EditorBlock[] = [heading, image, product]): PageEditorState {
  return pageEditorReducer(initialPageEditorState, pageLoaded({ id: 'about', blocks, version: 7 }));
}
const ids = (state: PageEditorState) => state.blocks.map((b) => b.id);
const many = (n: number) => Array.from({ length: n }, (_, i): EditorBlock => ({ id: `b${i}`, type: BLOCK.spacer, value: { height: i } }));

describe('the page editing state', () => {
  it('loads a page clean, with the version it was read at', () => {
    const state = loaded();
    expect(state).toMatchObject({ targetId: 'about', dirty: false, version: 7, selectedId: null, notice: null });
    expect(ids(state)).toEqual(['h', 'i', 'p']);
  });

  describe('adding', () => {
    it('adds after the selected block (at the end when none is), selects it and announces where', () => {
      let state = loaded();
      state = pageEditorReducer(state, blockAdded({ id: 'q', type: BLOCK.quote, value: { text: 'Hi' } }));
      expect(ids(state)).toEqual(['h', 'i', 'p', 'q']);
      state = pageEditorReducer(state, blockAdded({ id: 'x', type: BLOCK.html, value: { html: '<p>x</p>' } }, 'h'));
      expect(ids(state)).toEqual(['h', 'x', 'i', 'p', 'q']);
      expect(state).toMatchObject({ selectedId: 'x', dirty: true, announcement: 'Added Text block at position 2 of 5.' });
    });

    it('gives a new block an id of its own', () => {
      const state = pageEditorReducer(loaded(), blockAdded({ type: BLOCK.spacer, value: {} }));
      const added = state.blocks.at(-1)!;
      expect(added.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids(state).filter((id) => id === added.id)).toHaveLength(1);
    });

    it(`stops at ${MAX_BLOCKS} blocks with the server's message, and the message goes once a block is deleted`, () => {
      let state = loaded(many(MAX_BLOCKS - 1));
      state = pageEditorReducer(state, blockAdded({ id: 'last', type: BLOCK.spacer, value: {} }));
      expect(state.blocks).toHaveLength(MAX_BLOCKS);
      expect(state.notice).toBeNull();
      state = pageEditorReducer(state, blockAdded({ id: 'one-too-many', type: BLOCK.spacer, value: {} }));
      expect(state.blocks).toHaveLength(MAX_BLOCKS);
      expect(state.notice).toBe('A layout can hold at most 60 blocks.');
      expect(state.announcement).toBe(TOO_MANY_BLOCKS_MESSAGE);
      state = pageEditorReducer(state, blockDuplicated('b0', 'copy'));
      expect(ids(state)).not.toContain('copy');
      state = pageEditorReducer(state, noticeDismissed());
      expect(state.notice).toBeNull();
      state = pageEditorReducer(state, blockAdded({ id: 'again', type: BLOCK.spacer, value: {} }));
      state = pageEditorReducer(state, blockDeleted({ id: 'b3' }));
      expect(state.notice).toBeNull();
      state = pageEditorReducer(state, blockAdded({ id: 'fits', type: BLOCK.spacer, value: {} }));
      expect(state.blocks).toHaveLength(MAX_BLOCKS);
      expect(ids(state)).toContain('fits');
    });
  });

  describe('moving', () => {
    it('moves a block to another position and announces it', () => {
      let state = pageEditorReducer(loaded(), blockMoved({ from: 2, to: 0 }));
      expect(ids(state)).toEqual(['p', 'h', 'i']);
      expect(state).toMatchObject({ dirty: true, announcement: 'Moved Product block to position 1 of 3.' });
      state = pageEditorReducer(state, blockMoved({ from: 0, to: 1 }));
      expect(ids(state)).toEqual(['h', 'p', 'i']);
    });

    it('ignores moves off the list and says so when a block stays put', () => {
      const start = loaded();
      expect(ids(pageEditorReducer(start, blockMoved({ from: 0, to: -1 })))).toEqual(['h', 'i', 'p']);
      expect(ids(pageEditorReducer(start, blockMoved({ from: 3, to: 0 })))).toEqual(['h', 'i', 'p']);
      const same = pageEditorReducer(start, blockMoved({ from: 1, to: 1 }));
      expect(same).toMatchObject({ dirty: false, announcement: 'Image block stays at position 2 of 3.' });
    });
  });

  it('duplicates a block right after itself, as a deep copy with a new id', () => {
    const gallery: EditorBlock = { id: 'g', type: BLOCK.gallery, value: { imageIds: ['a', 'b'] } };
    let state = pageEditorReducer(loaded([heading, gallery]), blockDuplicated('g', 'g2'));
    expect(ids(state)).toEqual(['h', 'g', 'g2']);
    expect(state).toMatchObject({ selectedId: 'g2', dirty: true, announcement: 'Duplicated Gallery block at position 3 of 3.' });
    state = pageEditorReducer(state, blockChanged({ id: 'g2', value: { imageIds: ['c'] } }));
    expect(state.blocks[1]!.value).toEqual({ imageIds: ['a', 'b'] });
    expect(state.blocks[2]!.value).toEqual({ imageIds: ['c'] });
  });

  it('deletes a block and selects the next one (the previous one at the end)', () => {
    let state = pageEditorReducer(loaded(), blockSelected('i'));
    state = pageEditorReducer(state, blockDeleted({ id: 'i' }));
    expect(ids(state)).toEqual(['h', 'p']);
    expect(state).toMatchObject({ selectedId: 'p', dirty: true, announcement: 'Deleted Image block. 2 blocks left.' });
    state = pageEditorReducer(state, blockDeleted({ id: 'p' }));
    expect(state.selectedId).toBe('h');
    state = pageEditorReducer(state, blockDeleted({ id: 'h' }));
    expect(state).toMatchObject({ blocks: [], selectedId: null, announcement: 'Deleted Heading block. 0 blocks left.' });
  });

  it('is clean again after a save of what is shown, but not when it changed while saving', () => {
    let state = pageEditorReducer(loaded(), blockMoved({ from: 0, to: 2 }));
    const sent = state.blocks;
    state = pageEditorReducer(state, saved({ sent: { blocks: sent }, version: 8 }));
    expect(state).toMatchObject({ dirty: false, version: 8 });
    state = pageEditorReducer(state, blockChanged({ id: 'h', value: { html: '<h2>Hello</h2>' } }));
    const sentAgain = state.blocks;
    state = pageEditorReducer(state, blockChanged({ id: 'h', value: { html: '<h2>Hello there</h2>' } }));
    state = pageEditorReducer(state, saved({ sent: { blocks: sentAgain }, version: null }));
    expect(state).toMatchObject({ dirty: true, version: null });
  });

  it('holds a post or an event the same way: fields changed, dirty until saved', () => {
    const draft: ItemDraft = { title: 'Kiln day', excerpt: '', body: '<p>Firing.</p>', mainImageId: null, startDate: 1, endDate: 2, location: null };
    let state = pageEditorReducer(loaded(), itemLoaded({ id: 'event-1', item: draft }));
    expect(state).toMatchObject({ targetId: 'event-1', blocks: [], dirty: false, version: null });
    state = pageEditorReducer(state, itemChanged({ title: 'Kiln open day' }));
    expect(state).toMatchObject({ dirty: true, item: { title: 'Kiln open day', body: '<p>Firing.</p>' } });
    state = pageEditorReducer(state, saved({ sent: { item: state.item! } }));
    expect(state.dirty).toBe(false);
  });
});
