import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api';

/**
 * The root reducer: the one api, plus slices that bundles inject later (`rootReducer.inject(slice)`), so a
 * remote can add state to the store the shell created without the shell knowing it.
 */
export const rootReducer = combineSlices(api).withLazyLoadedSlices<Record<string, unknown>>();

/** Creates the one store. The shell calls it once; standalone pages (fbo-portal, admin) call it for themselves. */
export function createAppStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
export type RootState = ReturnType<AppStore['getState']>;
