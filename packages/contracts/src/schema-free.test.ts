import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Every module `file` reaches through value imports and re-exports, and the packages among them. */
function reach(file: string, seen = new Set<string>(), packages = new Set<string>()) {
  if (seen.has(file)) return { seen, packages };
  seen.add(file);
  const source = readFileSync(join(here, file), 'utf8');
  for (const [, typeOnly, target] of source.matchAll(
    /^(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)';/gms,
  )) {
    if (typeOnly || !target) continue;
    if (!target.startsWith('.')) packages.add(target);
    else reach(relative(here, join(here, dirname(file), `${target}.ts`)), seen, packages);
  }
  return { seen, packages };
}

/**
 * The modules the shell, /login and the hub and home blocks read constants from (issue 13 point 6,
 * issue 22): none may reach zod or a schema, or every hub page would load the areas' schemas (some
 * 60 KB compressed, measured by bench:web).
 */
const SCHEMA_FREE = [
  'api-paths.ts',
  'area-paths.ts',
  'choice-lists.ts',
  'readiness-levels.ts',
  'api/options.ts',
  'api/ecosystem-choices.ts',
  'hubs/definitions.ts',
];

describe('schema-free modules', () => {
  it.each(SCHEMA_FREE)('%s reaches no zod', (file) => {
    const { seen, packages } = reach(file);
    expect([...packages]).toEqual([]);
    expect(seen.size).toBeGreaterThan(0);
  });

  it('sees a schema module reach zod', () => {
    expect([...reach('api/events.ts').packages]).toContain('zod');
  });
});
