// Bundles the server into dist/main.js. npm packages stay external (installed in node_modules); the
// @nexus/contracts workspace is TypeScript source, so it is bundled in.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const contracts = join(here, '../../packages/contracts/src/index.ts');

rmSync(join(here, 'dist'), { recursive: true, force: true });

await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(here, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'info',
  alias: { '@nexus/contracts': contracts },
  banner: {
    js: "import { createRequire as __nexusCreateRequire } from 'node:module'; const require = __nexusCreateRequire(import.meta.url);",
  },
});

cpSync(join(here, 'src/db/migrations'), join(here, 'dist/migrations'), { recursive: true });
// The demo seed's media (a short video for the library's demo video).
cpSync(join(here, 'src/db/seed/assets'), join(here, 'dist/seed-assets'), { recursive: true });
