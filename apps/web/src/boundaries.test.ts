import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boundaryViolations, type ImportEdge, importCycles, readImportGraph } from './test/import-graph';

/**
 * Import boundaries of the web client (DESIGN section 9, issue 15 point 6): app/ -> features/ ->
 * shared/, and a feature reaches another only through that feature's public entry.
 *
 * Lazy pages: the router (app/route-registry.ts, app/url-scoped-routes.tsx) keeps importing each
 * page module deep, `import('../features/<area>/pages/<Page>')`, one chunk per page. Only a lazy
 * `import()` may reach into pages/; a static import of a page, or a feature index that re-exported
 * pages, would pull those pages into the importer's chunk (for the router, the entry bundle).
 * The deep paths stay because the build's route preloading (build/route-preload.ts) reads them
 * from route-registry.ts to find each route's chunk.
 * For the same reason the store's slices come from `features/<area>/state.ts`, which holds the
 * slices alone: the entry bundle imports it, and the feature's components stay out of it.
 */
describe('import boundaries of apps/web/src', () => {
  const graph = readImportGraph(dirname(fileURLToPath(import.meta.url)));

  it('reads the import graph', () => {
    expect(graph).toContainEqual({
      from: 'app/root-reducer.ts',
      to: 'shared/session/auth-slice.ts',
      kind: 'static',
    });
    expect(graph.some((edge) => edge.kind === 'dynamic' && edge.to.includes('/pages/'))).toBe(true);
  });

  it('reaches another feature only through its index.ts, state.ts or a lazy page', () => {
    expect(boundaryViolations(graph)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('keeps the axios client and the page registry out of the entry, which /login loads (issue 13)', () => {
    const entry = new Set(['main.tsx']);
    for (const file of entry) {
      for (const edge of graph) if (edge.from === file && edge.kind === 'static') entry.add(edge.to);
    }
    expect(entry.has('app/root-reducer.ts')).toBe(true);
    expect(entry.has('shared/api/http.ts')).toBe(false);
    expect(entry.has('app/route-registry.ts')).toBe(false);
  });
});

describe('the boundary checker', () => {
  const edge = (from: string, to: string, kind: ImportEdge['kind'] = 'static'): ImportEdge => ({
    from,
    to,
    kind,
  });

  it("refuses an import of another feature's internals, statically or lazily", () => {
    expect(
      boundaryViolations([
        edge('features/admin/pages/Admin.tsx', 'features/learning/components/Card.tsx'),
        edge('app/layouts/Frame.tsx', 'features/navigation/menu-slice.ts', 'type'),
        edge('app/gates.tsx', 'features/admin/components/Gate.tsx', 'dynamic'),
      ]),
    ).toEqual([
      'features/admin/pages/Admin.tsx imports features/learning/components/Card.tsx: use features/learning/index.ts',
      'app/layouts/Frame.tsx imports features/navigation/menu-slice.ts: use features/navigation/index.ts',
      'app/gates.tsx imports features/admin/components/Gate.tsx: use features/admin/index.ts',
    ]);
  });

  it('refuses a static import of a page, and an index that re-exports one', () => {
    expect(
      boundaryViolations([
        edge('app/routes.ts', 'features/learning/pages/Explore.tsx'),
        edge('features/learning/index.ts', 'features/learning/pages/Explore.tsx'),
      ]),
    ).toHaveLength(2);
  });

  it('refuses shared code that depends on app/ or a feature, but not its tests', () => {
    expect(
      boundaryViolations([
        edge('shared/api/http.ts', 'features/tenancy/index.ts'),
        edge('shared/ui/Menu.tsx', 'app/store.ts'),
        edge('shared/ui/Menu.test.tsx', 'app/store.ts'),
      ]),
    ).toEqual([
      'shared/api/http.ts imports features/tenancy/index.ts: shared/ must not depend on app/ or features/',
      'shared/ui/Menu.tsx imports app/store.ts: shared/ must not depend on app/ or features/',
    ]);
  });

  it('accepts an index, a state entry, a lazy page and imports inside one feature', () => {
    expect(
      boundaryViolations([
        edge('features/admin/components/Tab.tsx', 'features/navigation/index.ts'),
        edge('app/root-reducer.ts', 'features/navigation/state.ts'),
        edge('app/route-registry.ts', 'features/learning/pages/Explore.tsx', 'dynamic'),
        edge('features/learning/pages/Explore.tsx', 'features/learning/components/Card.tsx'),
        edge('features/learning/index.ts', 'features/learning/components/Card.tsx'),
      ]),
    ).toEqual([]);
  });

  it('finds each cycle once, type-only imports included and lazy ones not', () => {
    const cycles = importCycles([
      edge('a.ts', 'b.ts'),
      edge('b.ts', 'c.ts', 'type'),
      edge('c.ts', 'a.ts'),
      edge('c.ts', 'd.ts'),
      edge('d.ts', 'd.ts'),
      edge('e.ts', 'f.ts'),
      edge('f.ts', 'e.ts', 'dynamic'),
    ]);
    expect(cycles).toEqual(expect.arrayContaining([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]));
    expect(cycles).toHaveLength(2);
  });

  it('finds no cycle in a graph without one', () => {
    expect(importCycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('a.ts', 'c.ts')])).toEqual([]);
  });
});
