import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';

const { store, persistor } = createAppStore();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread for the whole frame and page at once, and the boot screen of index.html stays up
// until the first route has what it needs, rather than a blank fallback in between.
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
