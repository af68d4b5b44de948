import { ROUTES, type RouteDef } from '@nexus/contracts';
import type { RouteObject } from 'react-router';
import { IMPLEMENTED_PATHS } from './implemented-routes';
import { PAGE_MODULES, type PageModule } from './route-registry';

/** Route `handle`: what the root layout reads to set the page title. */
export interface RouteHandle {
  title: string;
}

function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return module.loader
      ? { Component: module.default, loader: module.loader }
      : { Component: module.default };
  };
}

function toRoute(def: RouteDef): RouteObject {
  const load = PAGE_MODULES[def.path];
  if (!load) throw new Error(`No page module registered for ${def.path}`);
  const handle: RouteHandle = { title: def.title };
  return { path: def.path, handle, lazy: lazyPage(load) };
}

const implemented = new Set(IMPLEMENTED_PATHS);
const implementedDefs = ROUTES.filter((def) => implemented.has(def.path));

/** Public spec routes with a page; they render without a session (spec section 6). */
export const publicRoutes: RouteObject[] = implementedDefs.filter((def) => def.public).map(toRoute);

/** Private spec routes with a page; they render inside the guard and the application frame. */
export const privateRoutes: RouteObject[] = implementedDefs.filter((def) => !def.public).map(toRoute);
