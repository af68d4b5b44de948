import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** File → the files it imports (relative specifiers only), paths relative to the source root, `/`-separated. */
export type ImportGraph = Map<string, string[]>;

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Specifier {
  specifier: string;
  /** `import type` / `export type`: erased when compiled, so it makes no runtime dependency. */
  typeOnly: boolean;
}

/** The specifiers a source text imports or re-exports (static, side-effect and dynamic imports). */
export function specifiersOf(text: string): Specifier[] {
  const found: Specifier[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[2] ?? match[3];
    if (specifier) found.push({ specifier, typeOnly: Boolean(match[1]) });
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(join(root, from)), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile())
      return relative(root, candidate).split('\\').join('/');
  }
  return null;
}

/**
 * Reads the import graph of every TypeScript file under `root`. Test files are left out unless
 * `withTests`; type-only imports are left out when `runtimeOnly` (a cycle through them is harmless).
 */
export function readImportGraph(
  root: string,
  options: { withTests?: boolean; runtimeOnly?: boolean } = {},
): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const path of sourceFiles(root)) {
    const file = relative(root, path).split('\\').join('/');
    if (!options.withTests && /\.test\.tsx?$/.test(file)) continue;
    const targets = specifiersOf(readFileSync(path, 'utf8'))
      .filter((found) => !(options.runtimeOnly && found.typeOnly))
      .map((found) => resolveImport(root, file, found.specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The area a file belongs to: `modules/<area>`, or `modules/<group>/<area>` for a group folder with
 * no code of its own (identity/users). Null for the shared layers (db, http, auth, kernel, ...).
 */
export function areaOf(file: string, groups: readonly string[] = ['identity']): string | null {
  const parts = file.split('/');
  if (parts[0] !== 'modules' || parts.length < 3) return null;
  const first = parts[1] as string;
  if (groups.includes(first) && parts.length >= 4) return `modules/${first}/${parts[2]}`;
  return `modules/${first}`;
}

export interface BoundaryViolation {
  from: string;
  to: string;
}

/** Imports that reach into another area past its `index.ts` (from another area or a shared layer). */
export function boundaryViolations(graph: ImportGraph, groups?: readonly string[]): BoundaryViolation[] {
  const violations: BoundaryViolation[] = [];
  for (const [from, targets] of graph) {
    const own = areaOf(from, groups);
    for (const to of targets) {
      const area = areaOf(to, groups);
      if (area && area !== own && to !== `${area}/index.ts`) violations.push({ from, to });
    }
  }
  return violations;
}

/** Every import cycle, one per strongly connected group of files, as a path that ends where it starts. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as [string, number];
      const [node, position] = frame;
      const targets = graph.get(node) ?? [];
      if (position < targets.length) {
        frame[1] += 1;
        const target = targets[position] as string;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) {
          low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]) as number, low.get(node) as number));
      if (low.get(node) === index.get(node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        const selfImport = (graph.get(node) ?? []).includes(node);
        if (group.length > 1 || selfImport) groups.push(group);
      }
    }
  }
  return groups.map((group) => cyclePath(graph, new Set(group)));
}

/** A shortest path from the group's first file back to itself, through the group only. */
function cyclePath(graph: ImportGraph, group: Set<string>): string[] {
  const start = [...group].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = node; at && at !== start; at = previous.get(at))
          path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
