import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * One import between two source files, as paths relative to src/ with '/' separators.
 * `dynamic` is an `import()` (a code-split point); `type` an import or export that only names types.
 */
export interface ImportEdge {
  from: string;
  to: string;
  kind: 'static' | 'type' | 'dynamic';
}

const SOURCE = /\.tsx?$/;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function resolveSpecifier(importer: string, specifier: string): string | null {
  const base = resolve(dirname(importer), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile() && SOURCE.test(candidate)) return candidate;
  }
  return null;
}

function onlyTypes(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function importsOf(file: string): { specifier: string; kind: ImportEdge['kind'] }[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: { specifier: string; kind: ImportEdge['kind'] }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({
        specifier: node.moduleSpecifier.text,
        kind: onlyTypes(node.importClause) ? 'type' : 'static',
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, kind: node.isTypeOnly ? 'type' : 'static' });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, kind: 'dynamic' });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every relative import between the TypeScript files under `root` (packages and styles are left out). */
export function readImportGraph(root: string): ImportEdge[] {
  const name = (path: string) => relative(root, path).split(sep).join('/');
  return sourceFiles(root).flatMap((file) =>
    importsOf(file).flatMap(({ specifier, kind }) => {
      if (!specifier.startsWith('.')) return [];
      const target = resolveSpecifier(file, specifier);
      return target ? [{ from: name(file), to: name(target), kind }] : [];
    }),
  );
}

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1] ?? null;
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/**
 * The import rules of apps/web (DESIGN section 9, issue 15 point 6), one message per broken import:
 * - another feature is reached only through its `index.ts`, or its `state.ts` (the slices the store
 *   registers at start, without the feature's components), or, by a lazy `import()` alone, one of
 *   its `pages/` modules: the router loads each page on demand, and a static import of a page, or of
 *   an index that re-exported pages, would pull those pages into the importer's chunk;
 * - a feature's `index.ts` and `state.ts` re-export no page, for the same reason;
 * - shared/ depends on neither app/ nor features/ (tests aside: they may render the app around it).
 */
export function boundaryViolations(edges: readonly ImportEdge[]): string[] {
  const violations: string[] = [];
  for (const { from, to, kind } of edges) {
    const source = featureOf(from);
    const target = featureOf(to);
    if (target && source !== target) {
      const inner = to.slice(`features/${target}/`.length);
      const lazyPage = kind === 'dynamic' && inner.startsWith('pages/');
      if (inner !== 'index.ts' && inner !== 'state.ts' && !lazyPage) {
        violations.push(`${from} imports ${to}: use features/${target}/index.ts`);
      }
    }
    if (source && source === target && /^features\/[^/]+\/(index|state)\.ts$/.test(from)) {
      if (to.startsWith(`features/${source}/pages/`)) {
        violations.push(`${from} re-exports the page ${to}: pages are loaded lazily by the router`);
      }
    }
    if (from.startsWith('shared/') && !isTest(from) && /^(app|features)\//.test(to)) {
      violations.push(`${from} imports ${to}: shared/ must not depend on app/ or features/`);
    }
  }
  return violations;
}

/**
 * Import cycles among static imports, type-only ones included (a type cycle turns into a value cycle
 * with the next edit). Lazy `import()` is left out: it runs after every module has loaded.
 * Each cycle is reported once, as the files of one strongly connected component.
 */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const { from, to, kind } of edges) {
    if (kind === 'dynamic') continue;
    graph.set(from, [...(graph.get(from) ?? []), to]);
  }
  // Tarjan's algorithm, iterative so a deep chain of imports cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfImport) cycles.push(component.sort());
    }
  }
  return cycles;
}
