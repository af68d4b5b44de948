import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { moveBootStylesToHead } from './app/boot-styles';
import { persistedStateRestored, routerInitialized } from './app/initial-route';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppStore, modulesLoaded } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// First of all: the router's first lazy chunks add their style sheets to the head as they load.
moveBootStylesToHead();

const { store, persistor } = createAppStore();

// The boot screen of index.html stays up until the saved session is restored and the first route's
// page is loaded, so React's first render is the page itself rather than two loading overlays first.
// A promise rather than a top-level await: the bundler splits an entry with top-level await into
// more, smaller chunks, and every extra file costs /login a round trip.
// The router is made in a task of its own: ranking and matching every route is the largest piece
// of start-up script after the bundles themselves, and one long task would hold off input for both
// (Lighthouse counts each task's time over 50 ms as blocking).
void new Promise<void>((resolve) => setTimeout(resolve, 0))
  .then(() => {
    const router = createAppRouter();
    return Promise.all([persistedStateRestored(persistor), routerInitialized(router)]).then(() => router);
  })
  .then((router) => {
    // The first route's modules have injected their slices (the server cache, navigation access)
    // into the reducer; one action gives them their state now. Otherwise the first hook to dispatch
    // during the render changes the state under it, and react-redux re-renders the frame
    // synchronously at commit, before the browser paints.
    store.dispatch(modulesLoaded());
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole frame and page at once.
    const root = createRoot(container);
    startTransition(() => {
      root.render(
        <StrictMode>
          <Providers store={store} persistor={persistor}>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    });
  });
