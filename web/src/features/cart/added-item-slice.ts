import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The added-item popover of a product list (SPEC 4): one at a time on the page. It is removed
 * when closed, after ADDED_ITEM_POPOVER_MS, or when another appears (a new add replaces it).
 */
export const ADDED_ITEM_POPOVER_MS = 3000;

export type AddedItem = {
  /** Increases with each add, so a timer or a close of an older popover never removes a newer one. */
  id: number;
  /** The add-to-cart button that added it (its product's key on the page). */
  source: string;
  title: string;
  quantity: number;
  /** What was added, as its grid card's thumbnail (the variant's own image, else the main one); absent without. */
  image?: AddedItemImage | null;
};

/** An <img>'s sources, as the server prints them in the button's `data-thumb`. */
export type AddedItemImage = { src: string; srcset: string; sizes: string; alt: string };

/** `data-thumb`'s JSON as an image, or null when it is absent or not one. */
export function parseAddedItemImage(json: string | undefined): AddedItemImage | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as Partial<AddedItemImage> | null;
    if (!v || typeof v.src !== 'string' || v.src === '') return null;
    return { src: v.src, srcset: typeof v.srcset === 'string' ? v.srcset : '', sizes: typeof v.sizes === 'string' ? v.sizes : '', alt: typeof v.alt === 'string' ? v.alt : '' };
  } catch {
    return null;
  }
}

export type AddedItemState = { shown: AddedItem | null; lastId: number };

const initialState: AddedItemState = { shown: null, lastId: 0 };

export const addedItemSlice = createSlice({
  name: 'addedItem',
  initialState,
  reducers: {
    itemAdded(state, action: PayloadAction<Omit<AddedItem, 'id'>>) {
      state.lastId += 1;
      state.shown = { ...action.payload, id: state.lastId };
    },
    /** Closed by the visitor or by its timer: only that popover, never a newer one. */
    popoverClosed(state, action: PayloadAction<{ id: number }>) {
      if (state.shown?.id === action.payload.id) state.shown = null;
    },
  },
  selectors: {
    selectAddedItem: (state) => state.shown,
  },
});

export const { itemAdded, popoverClosed } = addedItemSlice.actions;
export const { selectAddedItem } = addedItemSlice.selectors;
