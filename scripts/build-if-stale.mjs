// Builds the web client and the server bundle when their output is missing or older than a source.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function stale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return built === 0 || sources.some((source) => newestMtime(join(root, source)) > built);
}

const targets = [
  {
    name: '@nexus/web',
    output: join(root, 'apps/web/dist/index.html'),
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/auth.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'packages/contracts/src',
    ],
  },
  {
    name: '@nexus/server',
    output: join(root, 'apps/server/dist/main.js'),
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/contracts/src'],
  },
];

export function buildIfStale({ log = console.log } = {}) {
  for (const target of targets) {
    if (!stale(target.output, target.sources)) continue;
    log(`[build] ${target.name} is missing or out of date; building it`);
    execSync(`npm run build -w ${target.name}`, { cwd: root, stdio: 'inherit' });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
