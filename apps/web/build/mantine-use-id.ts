import type { Plugin } from 'vite';

const MANTINE_HOOKS = /[\\/]@mantine[\\/]hooks[\\/]/;
const USE_ID_MODULE = /(^|[\\/])use-id[\\/]use-id\.m?js$/;

/**
 * Resolves @mantine/hooks' own `use-id` module to `replacement` (src/shared/ui/mantine-use-id.ts),
 * which every Mantine component then uses (see there why). Only that import, and only from inside
 * the package.
 */
export function mantineStableIds(replacement: string): Plugin {
  return {
    name: 'nexus:mantine-stable-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && MANTINE_HOOKS.test(importer) && USE_ID_MODULE.test(source)) return replacement;
      return null;
    },
  };
}
