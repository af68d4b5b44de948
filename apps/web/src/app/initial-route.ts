import type { Persistor } from 'redux-persist';

/** The part of a data router main.tsx waits on (createBrowserRouter's result). */
interface StartingRouter {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * Resolves once the router has loaded the lazy modules of the first URL's routes (index.html has
 * preloaded them). Rendering before that draws the router's hydrate fallback, then the page in a
 * second render, which cost /lxp some 100 ms of main thread on a throttled phone before its first
 * paint (issue 13). A module that fails to load initialises the router with its error, shown as usual.
 */
export function routerInitialized(router: StartingRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** Resolves once redux-persist has restored the saved slices (reading local storage takes a tick). */
export function persistedStateRestored(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = persistor.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}
