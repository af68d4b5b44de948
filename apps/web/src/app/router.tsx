import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from '../shared/ui/LoadingOverlay';
import { RootLayout } from './layouts/RootLayout';
import { privateRoutes, publicRoutes, selfGuardedRoutes } from './route-table';
import { RouteErrorPage } from './screens/RouteErrorPage';

/**
 * The route tree: public pages, private pages inside the guard and frame, and a catch-all 404
 * (spec section 2). Everything below the root is lazy, so a visitor downloads only their page.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      ...publicRoutes,
      ...(privateRoutes.length > 0
        ? [{ id: 'private', lazy: () => import('./layouts/private-route'), children: privateRoutes }]
        : []),
      ...selfGuardedRoutes,
      { path: '*', lazy: () => import('./screens/not-found-route') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
