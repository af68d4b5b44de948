import { ROUTES } from '@nexus/contracts';
import { describe, expect, it } from 'vitest';
import { IMPLEMENTED_PATHS } from './implemented-routes';
import { PAGE_MODULES } from './route-registry';
import { privateRoutes, publicRoutes, SELF_GUARDED_PATHS, selfGuardedRoutes } from './route-table';

describe('route table', () => {
  it('lists exactly the registered page modules as implemented', () => {
    expect([...IMPLEMENTED_PATHS].sort()).toEqual(Object.keys(PAGE_MODULES).sort());
  });

  it('gives every route of spec section 2 a page', () => {
    const implemented = new Set(IMPLEMENTED_PATHS);
    const missing = ROUTES.filter((route) => !route.beyondSpec && !implemented.has(route.path));
    expect(missing.map((route) => route.path)).toEqual([]);
  });

  it('implements only spec routes, each once', () => {
    const specPaths = new Set(ROUTES.map((route) => route.path));
    for (const path of IMPLEMENTED_PATHS) expect(specPaths.has(path)).toBe(true);
    expect(new Set(IMPLEMENTED_PATHS).size).toBe(IMPLEMENTED_PATHS.length);
  });

  it('registers every implemented route lazily, with its spec title', () => {
    const all = [...publicRoutes, ...privateRoutes, ...selfGuardedRoutes];
    expect(all.map((route) => route.path).sort()).toEqual([...IMPLEMENTED_PATHS].sort());
    for (const route of all) {
      expect(typeof route.lazy).toBe('function');
      expect(route.element).toBeUndefined();
      const spec = ROUTES.find((def) => def.path === route.path);
      // A self-guarded route may also be a stray path's 404, so it carries no title of its own.
      expect(route.handle).toEqual(
        SELF_GUARDED_PATHS.includes(route.path!) ? undefined : { title: spec?.title },
      );
    }
  });

  it('keeps self-guarded routes private in the spec and out of the guard', () => {
    for (const route of selfGuardedRoutes) {
      expect(ROUTES.find((def) => def.path === route.path)?.public).toBe(false);
      expect(privateRoutes.some((guarded) => guarded.path === route.path)).toBe(false);
    }
  });

  it('keeps public and private routes apart as the spec marks them', () => {
    for (const route of publicRoutes)
      expect(ROUTES.find((def) => def.path === route.path)?.public).toBe(true);
    for (const route of privateRoutes)
      expect(ROUTES.find((def) => def.path === route.path)?.public).toBe(false);
  });

  it('keeps implemented-routes.ts readable as plain text by the coverage script', async () => {
    const { readFile } = await import('node:fs/promises');
    const { fileURLToPath } = await import('node:url');
    const here = fileURLToPath(new globalThis.URL('.', import.meta.url).href);
    const source = await readFile(`${here}implemented-routes.ts`, 'utf8');
    const body = source.slice(source.indexOf('['));
    const paths = [...body.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(paths).toEqual(IMPLEMENTED_PATHS);
  });
});
