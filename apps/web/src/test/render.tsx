import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { createAppStore, type RootState } from '../app/store';
import { theme } from '../app/theme';

interface Options {
  preloadedState?: Partial<RootState>;
  /** Where the memory router starts; the element is rendered at every path. */
  route?: string;
  /** A route tree instead of rendering `ui` at every path. */
  routes?: RouteObject[];
}

/** Renders with the app's providers; env="test" turns off Mantine transitions and portals. */
export function renderWithProviders(
  ui: ReactElement | null,
  { preloadedState, route = '/', routes }: Options = {},
) {
  const { store, persistor } = createAppStore(preloadedState);
  persistor.pause();
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [route] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <Provider store={store}>{children}</Provider>
    </MantineProvider>
  );
  const result = render(<RouterProvider router={router} />, { wrapper });
  return { ...result, store, router };
}

/** Mantine only, for components that do not touch the store or the router. */
export function renderWithMantine(ui: ReactElement) {
  return render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme} env="test">
        {children}
      </MantineProvider>
    ),
  });
}
