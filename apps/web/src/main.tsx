import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';

const { store, persistor } = createAppStore();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers store={store} persistor={persistor}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
