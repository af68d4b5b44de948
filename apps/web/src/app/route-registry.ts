import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/** What a page module exports: the page as default, and a loader when the route needs one. */
export interface PageModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

/**
 * Every implemented spec route and its page module, each loaded on demand (DESIGN section 6).
 * A spec route missing here is not registered, so it falls to the 404 page until its issue lands.
 */
export const PAGE_MODULES: Record<string, () => Promise<PageModule>> = {
  '/login': () => import('../features/identity/pages/LoginPage'),
  '/auth': () => import('../features/identity/pages/AuthPage'),
};
