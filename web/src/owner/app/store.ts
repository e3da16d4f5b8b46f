import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { pageEditorReducer } from '../features/page-editor/editor-slice';
import { productEditorSlice } from '../features/products/product-editor-slice';
import { ownerApi } from './api';

/** Reducers of the owner app: the API cache, plus each feature's editing state. */
export const rootReducer = combineReducers({
  [ownerApi.reducerPath]: ownerApi.reducer,
  pageEditor: pageEditorReducer,
  [productEditorSlice.reducerPath]: productEditorSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A store for the app, or for a component test (with a state to start from). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(ownerApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
