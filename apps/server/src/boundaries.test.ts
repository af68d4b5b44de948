import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  areaOf,
  boundaryViolations,
  type ImportGraph,
  importCycles,
  readImportGraph,
  specifiersOf,
} from './test/import-graph';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Area boundaries (DESIGN section 9, issue 15 point 6): an area is used only through its `index.ts`,
 * and no server file takes part in an import cycle. Type-only imports are erased by the compiler, so
 * they are left out of the cycle check (they cannot make a module load half-initialised).
 */
describe('server import boundaries', () => {
  it('reaches into no area past its index.ts, from another area, a shared layer or a test', () => {
    const graph = readImportGraph(root, { withTests: true });
    expect(graph.size).toBeGreaterThan(100);
    const violations = boundaryViolations(graph).map(({ from, to }) => `${from} imports ${to}`);
    expect(violations).toEqual([]);
  });

  it('has no import cycle among server files', () => {
    const cycles = importCycles(readImportGraph(root, { runtimeOnly: true })).map((cycle) =>
      cycle.join(' -> '),
    );
    expect(cycles).toEqual([]);
  });

  it('gives every area an index.ts', () => {
    const graph = readImportGraph(root, { withTests: true });
    const areas = new Set([...graph.keys()].map((file) => areaOf(file)).filter((area) => area !== null));
    const missing = [...areas].filter((area) => !graph.has(`${area}/index.ts`));
    expect(missing).toEqual([]);
  });
});

describe('the import graph checker', () => {
  const fake = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

  it('reads static, re-export, side-effect and dynamic imports, and tells type-only ones apart', () => {
    const text = `import { a } from './a';
import type { B } from '../b';
export { c } from "./c";
export type { D } from './d';
import './side-effect';
const e = await import('./e');
import {
  f,
  g,
} from './fg';`;
    expect(specifiersOf(text)).toEqual([
      { specifier: './a', typeOnly: false },
      { specifier: '../b', typeOnly: true },
      { specifier: './c', typeOnly: false },
      { specifier: './d', typeOnly: true },
      { specifier: './side-effect', typeOnly: false },
      { specifier: './e', typeOnly: false },
      { specifier: './fg', typeOnly: false },
    ]);
  });

  it('places files in areas, identity/users being one', () => {
    expect(areaOf('modules/learning/progress.ts')).toBe('modules/learning');
    expect(areaOf('modules/identity/users/roles.ts')).toBe('modules/identity/users');
    expect(areaOf('kernel/events/record.ts')).toBeNull();
    expect(areaOf('app.ts')).toBeNull();
  });

  it('flags an import of another area’s internals, and only that', () => {
    const graph = fake({
      'app.ts': ['modules/learning/index.ts', 'modules/certificates/service.ts'],
      'modules/learning/progress.ts': [
        'modules/learning/tree.ts',
        'modules/certificates/index.ts',
        'db/client.ts',
      ],
      'modules/learning/tree.ts': [],
      'modules/learning/index.ts': ['modules/learning/progress.ts'],
      'modules/assessments/submit.ts': ['modules/learning/progress.ts'],
      'modules/identity/users/roles.ts': ['modules/access/grants.ts'],
      'auth/routes.ts': ['modules/identity/users/index.ts'],
    });
    expect(boundaryViolations(graph)).toEqual([
      { from: 'app.ts', to: 'modules/certificates/service.ts' },
      { from: 'modules/assessments/submit.ts', to: 'modules/learning/progress.ts' },
      { from: 'modules/identity/users/roles.ts', to: 'modules/access/grants.ts' },
    ]);
  });

  it('reports each cycle as a path, and none in a tree', () => {
    const planted = fake({
      'modules/learning/progress.ts': ['modules/attendance/index.ts', 'db/client.ts'],
      'modules/attendance/index.ts': ['modules/attendance/service.ts'],
      'modules/attendance/service.ts': ['modules/learning/index.ts'],
      'modules/learning/index.ts': ['modules/learning/progress.ts'],
      'db/client.ts': [],
      'a.ts': ['a.ts'],
    });
    const cycles = importCycles(planted);
    expect(cycles).toHaveLength(2);
    expect(cycles).toContainEqual(['a.ts', 'a.ts']);
    expect(cycles).toContainEqual([
      'modules/attendance/index.ts',
      'modules/attendance/service.ts',
      'modules/learning/index.ts',
      'modules/learning/progress.ts',
      'modules/attendance/index.ts',
    ]);
    expect(importCycles(fake({ 'x.ts': ['y.ts', 'z.ts'], 'y.ts': ['z.ts'], 'z.ts': [] }))).toEqual([]);
  });
});
