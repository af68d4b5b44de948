import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

const CORE = '@mantine/core';
/** Mantine's companion packages import core components too; their styles must follow them. */
const COMPANIONS = /[\\/]@mantine[\\/](charts|dates|tiptap)[\\/]/;
const NAMED_IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
const RELATIVE_IMPORT = /(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g;

/**
 * Which of Mantine's per-component style sheets (`@mantine/core/styles/<Name>.css`) each export needs:
 * the `<Name>.module.mjs` class maps its defining module reaches through its own imports (Button
 * reaches UnstyledButton and Loader). Dependencies come first, as in Mantine's full styles.css.
 */
function coreStyleIndex(coreDir: string): (name: string) => string[] {
  const esm = join(coreDir, 'esm');
  const definedIn = new Map<string, string>();
  for (const match of readFileSync(join(esm, 'index.mjs'), 'utf8').matchAll(
    /import\s*\{([^}]*)\}\s*from\s*"(\.\/[^"]+)"/g,
  )) {
    for (const specifier of (match[1] ?? '').split(',')) {
      const exported = specifier.trim().split(/\s+as\s+/)[0];
      if (exported) definedIn.set(exported, resolve(esm, match[2] ?? ''));
    }
  }

  const sheetsOf = new Map<string, string[]>();
  function sheets(file: string, visiting: Set<string>): string[] {
    const known = sheetsOf.get(file);
    if (known) return known;
    if (visiting.has(file) || !existsSync(file)) return [];
    visiting.add(file);
    const found: string[] = [];
    const add = (sheet: string) => {
      if (!found.includes(sheet)) found.push(sheet);
    };
    const imported = [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].map((match) =>
      resolve(dirname(file), match[1] ?? ''),
    );
    // The components a module builds on first, its own class map last, so its rules win ties.
    for (const dependency of imported.filter((path) => !path.endsWith('.module.mjs')))
      for (const sheet of sheets(dependency, visiting)) add(sheet);
    for (const own of imported.filter((path) => path.endsWith('.module.mjs'))) {
      const name = basename(own, '.module.mjs');
      if (existsSync(join(coreDir, 'styles', `${name}.css`))) add(name);
    }
    sheetsOf.set(file, found);
    return found;
  }

  return (name) => {
    const file = definedIn.get(name);
    return file ? sheets(file, new Set()) : [];
  };
}

/**
 * Imports Mantine's styles per component instead of the whole 290 KB styles.css: every module that
 * imports components from @mantine/core also imports their style sheets, so Vite's CSS code
 * splitting ships each sheet with the first chunk that renders the component. /login then carries the
 * styles of the few components it shows, and a lazy page brings the rest it uses. The global sheets
 * (baseline, CSS variables, global) stay imported once in the app's providers.
 */
export function mantineComponentStyles(): Plugin {
  const require = createRequire(import.meta.url);
  // styles.css is exported and sits at the package root (package.json itself is not exported).
  const coreDir = dirname(require.resolve(`${CORE}/styles.css`));
  const stylesFor = coreStyleIndex(coreDir);
  return {
    name: 'nexus:mantine-component-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!code.includes(CORE)) return null;
      if (id.includes('node_modules') && !COMPANIONS.test(id)) return null;
      const sheets: string[] = [];
      for (const match of code.matchAll(NAMED_IMPORT)) {
        if (match[1]) continue;
        for (const specifier of (match[2] ?? '').split(',')) {
          const name = specifier.trim();
          if (!name || name.startsWith('type ')) continue;
          for (const sheet of stylesFor(name.split(/\s+as\s+/)[0] ?? ''))
            if (!sheets.includes(sheet)) sheets.push(sheet);
        }
      }
      if (sheets.length === 0) return null;
      const imports = sheets.map((sheet) => `import '${CORE}/styles/${sheet}.css';`).join('\n');
      return { code: `${imports}\n${code}`, map: null };
    },
  };
}
