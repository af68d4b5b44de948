import { ROUTES, type RouteDef } from '@nexus/contracts';
import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { IMPLEMENTED_PATHS } from './implemented-routes';
import type { PageModule } from './route-registry';
import { URL_SCOPED_GATES } from './url-scoped-routes';

/** Route `handle`: what the root layout reads to set the page title. */
export interface RouteHandle {
  title: string;
}

/**
 * The registry of every page module is fetched on first use, not with the entry: its list of each
 * page's chunks and style sheets is some 5 KB on the wire that /login, the page a first visit lands
 * on, does not need (issue 13, 150 KB budget). The route pages the server sends preload it
 * (build/route-preload.ts), so a deep link pays no extra round trip.
 */
let registry: Promise<typeof import('./route-registry')> | undefined;
const loadRegistry = () => {
  registry ??= import('./route-registry');
  return registry;
};

/** The landing page loads without the registry (the same module, so the same chunk). */
const LANDING_PAGES: Record<string, () => Promise<PageModule>> = {
  '/login': () => import('../features/identity/pages/LoginPage'),
};

function pageLoader(path: string): () => Promise<PageModule> {
  const landing = LANDING_PAGES[path];
  if (landing) return landing;
  return async () => {
    const { PAGE_MODULES } = await loadRegistry();
    const load = PAGE_MODULES[path];
    if (!load) throw new Error(`No page module registered for ${path}`);
    return load();
  };
}

function lazyPage(load: () => Promise<PageModule>): RouteObject['lazy'] {
  return async () => {
    const module = await load();
    return module.loader
      ? { Component: module.default, loader: module.loader }
      : { Component: module.default };
  };
}

/** A page behind its URL-scope gate (see url-scoped-routes.tsx), both fetched together. */
function gatedPage(path: string, load: () => Promise<PageModule>): () => Promise<PageModule> {
  const gate = URL_SCOPED_GATES[path];
  if (!gate) return load;
  return async () => {
    const [module, Gate] = await Promise.all([load(), gate()]);
    const Page = module.default;
    const Gated = () => createElement(Gate, null, createElement(Page));
    return { ...module, default: Gated };
  };
}

/** Public pages that are the way in, and so show no header of their own. */
const BARE_PUBLIC_PATHS: readonly string[] = ['/login', '/auth'];

/** A public page under the public header (layouts/PublicFrame.tsx), both fetched together. */
function framedPage(def: RouteDef, load: () => Promise<PageModule>): () => Promise<PageModule> {
  if (!def.public || BARE_PUBLIC_PATHS.includes(def.path)) return load;
  return async () => {
    const [module, { PublicFrame }] = await Promise.all([load(), import('./layouts/PublicFrame')]);
    const Page = module.default;
    const Framed = () => createElement(PublicFrame, null, createElement(Page));
    return { ...module, default: Framed };
  };
}

function toRoute(def: RouteDef): RouteObject {
  const handle: RouteHandle = { title: def.title };
  return {
    path: def.path,
    handle,
    lazy: lazyPage(framedPage(def, gatedPage(def.path, pageLoader(def.path)))),
  };
}

const implemented = new Set(IMPLEMENTED_PATHS);
const implementedDefs = ROUTES.filter((def) => implemented.has(def.path));

/**
 * `/{hash}` (spec section 2, the invitation link) matches every single-segment path. Behind the
 * private guard, a signed-out visit to an unknown path such as /does-not-exist would be sent to sign
 * in instead of the 404 page. So it sits beside the guarded routes, without a title of its own: its
 * page shows the 404 page for anything that is not an invitation token, exactly as the catch-all
 * does, and asks for a session itself before an invitation is accepted.
 */
export const SELF_GUARDED_PATHS: readonly string[] = ['/:hash'];
const selfGuarded = (def: RouteDef) => SELF_GUARDED_PATHS.includes(def.path);

/** Public spec routes with a page; they render without a session (spec section 6). */
export const publicRoutes: RouteObject[] = implementedDefs.filter((def) => def.public).map(toRoute);

/** Private spec routes with a page; they render inside the guard and the application frame. */
export const privateRoutes: RouteObject[] = implementedDefs
  .filter((def) => !def.public && !selfGuarded(def))
  .map(toRoute);

/** Private spec routes whose page applies the sign-in rule itself (SELF_GUARDED_PATHS). */
export const selfGuardedRoutes: RouteObject[] = implementedDefs
  .filter(selfGuarded)
  .map((def) => ({ path: def.path, lazy: lazyPage(pageLoader(def.path)) }));
