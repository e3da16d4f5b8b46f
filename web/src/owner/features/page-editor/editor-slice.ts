import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ERROR_MESSAGES } from '@storefront/domain/shared/error-catalogue';
import { SITE_LIMITS } from '@storefront/domain/site/site-limits';
import { blockLabel, type EditorBlock } from './block-types';

/** SPEC 3 'Event' location, as the item API reads and writes it. */
export type ItemLocation = {
  addressTitle: string;
  addressLine1: string;
  addressLine2: string;
  addressCountry: string;
  mapLat: number | null;
  mapLng: number | null;
  mapZoom: number | null;
};

/** The fields of a blog post or an event this editor changes (dates: epoch ms; html: rich text). */
export type ItemDraft = {
  title: string;
  excerpt: string;
  body: string;
  mainImageId: string | null;
  startDate: number | null;
  endDate: number | null;
  location: ItemLocation | null;
};

/**
 * The page editor's editing state: what is open (a page's blocks, or a post's or event's fields),
 * the selected block, whether anything is unsaved, and the version it was loaded (or last saved) at,
 * sent with every save (If-Match), so a save based on a version someone else has moved on from is
 * refused instead of overwriting their change. `notice` is a message in words for
 * the owner (the block limit); `announcement` is what the block list's live region reads out.
 */
export type PageEditorState = {
  targetId: string | null;
  blocks: EditorBlock[];
  item: ItemDraft | null;
  selectedId: string | null;
  dirty: boolean;
  /** The stream version the open content was loaded (or last saved) at; null while the API gives none. */
  version: number | null;
  notice: string | null;
  announcement: string;
};

export const initialPageEditorState: PageEditorState = {
  targetId: null,
  blocks: [],
  item: null,
  selectedId: null,
  dirty: false,
  version: null,
  notice: null,
  announcement: '',
};

/** SPEC 9: a layout holds at most 60 blocks. */
export const MAX_BLOCKS = SITE_LIMITS.blocksPerLayout;
/** The message past the limit, the server's own (TOO_MANY_BLOCKS). */
export const TOO_MANY_BLOCKS_MESSAGE = ERROR_MESSAGES.TOO_MANY_BLOCKS;

const newBlockId = () => crypto.randomUUID();
const place = (index: number, count: number) => `position ${index + 1} of ${count}`;

function atLimit(state: PageEditorState): boolean {
  if (state.blocks.length < MAX_BLOCKS) return false;
  state.notice = TOO_MANY_BLOCKS_MESSAGE;
  state.announcement = TOO_MANY_BLOCKS_MESSAGE;
  return true;
}

function insertAt(state: PageEditorState, block: EditorBlock, index: number, verb: string) {
  state.blocks.splice(index, 0, block);
  state.selectedId = block.id;
  state.dirty = true;
  state.notice = null;
  state.announcement = `${verb} ${blockLabel(block)} block at ${place(index, state.blocks.length)}.`;
}

export const pageEditorSlice = createSlice({
  name: 'pageEditor',
  initialState: initialPageEditorState,
  reducers: {
    /** A page's layout as loaded (or saved): replaces whatever was open. */
    pageLoaded(state, action: PayloadAction<{ id: string; blocks: EditorBlock[]; version?: number | null }>) {
      const { id, blocks, version } = action.payload;
      const keepSelection = state.targetId === id && blocks.some((b) => b.id === state.selectedId);
      Object.assign(state, initialPageEditorState, {
        targetId: id,
        blocks: blocks.map(({ id: blockId, type, value }) => ({ id: blockId, type, value })),
        selectedId: keepSelection ? state.selectedId : null,
        version: version ?? null,
        announcement: state.announcement,
      });
    },
    /** A post's or an event's fields as loaded (or saved). */
    itemLoaded(state, action: PayloadAction<{ id: string; item: ItemDraft; version?: number | null }>) {
      Object.assign(state, initialPageEditorState, { targetId: action.payload.id, item: action.payload.item, version: action.payload.version ?? null });
    },
    /** Adds a block after `afterId` (the end when absent), unless the layout is full. */
    blockAdded: {
      reducer(state, action: PayloadAction<{ block: EditorBlock; afterId?: string | null }>) {
        if (atLimit(state)) return;
        const after = state.blocks.findIndex((b) => b.id === action.payload.afterId);
        insertAt(state, action.payload.block, after === -1 ? state.blocks.length : after + 1, 'Added');
      },
      prepare(block: Omit<EditorBlock, 'id'> & { id?: string }, afterId?: string | null) {
        return { payload: { block: { id: block.id ?? newBlockId(), type: block.type, value: block.value }, afterId } };
      },
    },
    /** Replaces a block's value (its fields as edited). */
    blockChanged(state, action: PayloadAction<{ id: string; value: Record<string, unknown> }>) {
      const block = state.blocks.find((b) => b.id === action.payload.id);
      if (!block) return;
      block.value = action.payload.value;
      state.dirty = true;
    },
    /** Moves the block at `from` to `to` (indexes in the list; drag and drop, keyboard, buttons). */
    blockMoved(state, action: PayloadAction<{ from: number; to: number }>) {
      const { from, to } = action.payload;
      const count = state.blocks.length;
      if (from < 0 || from >= count || to < 0 || to >= count) return;
      if (from === to) {
        state.announcement = `${blockLabel(state.blocks[from]!)} block stays at ${place(from, count)}.`;
        return;
      }
      const [block] = state.blocks.splice(from, 1);
      state.blocks.splice(to, 0, block!);
      state.dirty = true;
      state.announcement = `Moved ${blockLabel(block!)} block to ${place(to, count)}.`;
    },
    /** A copy of the block right after it, selected; unless the layout is full. */
    blockDuplicated: {
      reducer(state, action: PayloadAction<{ id: string; newId: string }>) {
        const index = state.blocks.findIndex((b) => b.id === action.payload.id);
        if (index === -1 || atLimit(state)) return;
        const source = state.blocks[index]!;
        insertAt(state, { id: action.payload.newId, type: source.type, value: JSON.parse(JSON.stringify(source.value)) as Record<string, unknown> }, index + 1, 'Duplicated');
      },
      prepare(id: string, newId: string = newBlockId()) {
        return { payload: { id, newId } };
      },
    },
    /** Removes a block; the one after it (or before, at the end) becomes selected. */
    blockDeleted(state, action: PayloadAction<{ id: string }>) {
      const index = state.blocks.findIndex((b) => b.id === action.payload.id);
      if (index === -1) return;
      const [removed] = state.blocks.splice(index, 1);
      const next = state.blocks[Math.min(index, state.blocks.length - 1)];
      if (state.selectedId === removed!.id) state.selectedId = next?.id ?? null;
      state.dirty = true;
      state.notice = null;
      state.announcement = `Deleted ${blockLabel(removed!)} block. ${state.blocks.length === 1 ? '1 block' : `${state.blocks.length} blocks`} left.`;
    },
    blockSelected(state, action: PayloadAction<string | null>) {
      state.selectedId = action.payload;
    },
    /** Changes fields of the open post or event. */
    itemChanged(state, action: PayloadAction<Partial<ItemDraft>>) {
      if (!state.item) return;
      Object.assign(state.item, action.payload);
      state.dirty = true;
    },
    /**
     * A save went through: unsaved no more, unless something changed while it was on its way
     * (`sent` is what was saved); `version` is the saved content's version when the API gives one.
     */
    saved(state, action: PayloadAction<{ sent: { blocks?: EditorBlock[]; item?: ItemDraft }; version?: number | null }>) {
      const { sent, version } = action.payload;
      const unchanged = sent.item ? JSON.stringify(sent.item) === JSON.stringify(state.item) : JSON.stringify(sent.blocks) === JSON.stringify(state.blocks);
      if (unchanged) state.dirty = false;
      if (version !== undefined) state.version = version;
    },
    /**
     * The open content moved to `version` without its fields changing here (published, say): the
     * next save is based on it.
     */
    rebased(state, action: PayloadAction<number | null>) {
      state.version = action.payload;
    },
    /** What the live region reads out (keyboard moves in progress, say). */
    announced(state, action: PayloadAction<string>) {
      state.announcement = action.payload;
    },
    noticeDismissed(state) {
      state.notice = null;
    },
    /** The editor was left (or another page opened): nothing is open. */
    closed() {
      return initialPageEditorState;
    },
  },
});

export const {
  pageLoaded, itemLoaded, blockAdded, blockChanged, blockMoved, blockDuplicated, blockDeleted, blockSelected, itemChanged, saved, rebased,
  announced, noticeDismissed, closed,
} = pageEditorSlice.actions;

export const pageEditorReducer = pageEditorSlice.reducer;
