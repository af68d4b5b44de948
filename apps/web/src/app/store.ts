import { PERSISTED_SLICES } from '@nexus/contracts';
import { configureStore, createAction, createDynamicMiddleware, type Reducer } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  persistReducer,
  persistStore,
  REGISTER,
  REHYDRATE,
} from 'redux-persist';
// The ESM build: the CommonJS one reaches the production bundle as a module object, not the storage.
import storage from 'redux-persist/es/storage';
import { authPersistTransform } from '../shared/session/auth-persist';
import { signedOut } from '../shared/session/auth-slice';
import { type RootState, rootReducer } from './root-reducer';

export type { RootState } from './root-reducer';

/** Spec section 4: exactly these slices are saved to local storage and restored at start. */
export const persistConfig = {
  key: 'nexus',
  version: 1,
  storage,
  whitelist: [...PERSISTED_SLICES] as string[],
  // Only who is signed in and the tenant context of `auth`, never its request states.
  transforms: [authPersistTransform],
};

/**
 * Sign-out clears the persisted state (spec section 4: "Logout clears the user and otpVerified"):
 * every slice returns to its initial state, so the next person on this browser finds nothing of the
 * last one's (plans, assessments, drafts, cached server data); redux-persist then saves the empty state.
 */
const resetOnSignOut: Reducer<RootState> = (state, action) =>
  rootReducer(signedOut.match(action) ? undefined : state, action);

const persistedReducer = persistReducer(persistConfig, resetOnSignOut);

/**
 * Dispatched once the first route's modules have loaded (main.tsx): slices injected by lazily
 * loaded code get their initial state from the next action, and this is that action.
 */
export const modulesLoaded = createAction('app/modulesLoaded');

/** Middleware that arrives with lazily loaded code (the RTK Query cache, app/api.ts). */
export const dynamicMiddleware = createDynamicMiddleware();

/** A fresh store; tests pass a preloaded state, the app calls it once in main.tsx. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState: preloadedState as ReturnType<typeof persistedReducer> | undefined,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; they never reach application state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(dynamicMiddleware.middleware),
  });
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
