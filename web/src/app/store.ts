import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { addedItemSlice } from '../features/cart/added-item-slice';
import { productChoicesSlice } from '../features/product/product-choices-slice';
import { api } from './api';

/** One store for every island on the page: the cart API's cache, the product choices, the added-item popover. */
export const rootReducer = combineSlices(api, productChoicesSlice, addedItemSlice);

export function makeStore(preloadedState?: Partial<ReturnType<typeof rootReducer>>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export const store = makeStore();

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
