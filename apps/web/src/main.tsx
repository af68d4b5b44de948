import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { moveBootStylesToHead } from './app/boot-styles';
import { persistedStateRestored, routerInitialized } from './app/initial-route';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// First of all: the router's first lazy chunks add their style sheets to the head as they load.
moveBootStylesToHead();

const { store, persistor } = createAppStore();

// The boot screen of index.html stays up until the saved session is restored and the first route's
// page is loaded, so React's first render is the page itself rather than two loading overlays first.
// A promise rather than a top-level await: the bundler splits an entry with top-level await into
// more, smaller chunks, and every extra file costs /login a round trip.
const router = createAppRouter();
void Promise.all([persistedStateRestored(persistor), routerInitialized(router)]).then(() => {
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
