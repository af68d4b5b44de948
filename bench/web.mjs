// `npm run bench:web`: gzip bytes of the JavaScript the /login page loads, and of the largest route chunk.
// Reads Vite's build manifest, so it measures exactly what the built index.html and the lazy /login
// page pull in. Budget (issue 2): 150 KB for /login.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const BUDGET_LOGIN_KB = 150;
const LOGIN_PAGE = 'src/features/identity/pages/LoginPage.tsx';

buildIfStale({ log: (line) => console.error(line) });
const dist = resolve(fileURLToPath(new URL('../apps/web/dist', import.meta.url)));
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error('apps/web/dist/.vite/manifest.json is missing: the web build must set build.manifest');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = new Map();
function gzipBytes(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}

/** Files a chunk loads before it runs: itself and its static imports, recursively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith(LOGIN_PAGE));
if (!entryKey || !loginKey) {
  console.error(`entry (${entryKey}) or login page (${loginKey}) not found in the manifest`);
  process.exit(1);
}
const loginKeys = new Set([...closure(entryKey), ...closure(loginKey)]);
const loginFiles = [...loginKeys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const loginBytes = loginFiles.reduce((sum, file) => sum + gzipBytes(file), 0);

const routeChunks = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ key, bytes: gzipBytes(chunk.file) }))
  .sort((a, b) => b.bytes - a.bytes);
const largest = routeChunks[0];

const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(
  `/login loads ${loginFiles.length} JavaScript files: ${kb(loginBytes)} KB gzip (budget ${BUDGET_LOGIN_KB} KB)`,
);
for (const file of loginFiles) console.log(`  ${file}: ${kb(gzipBytes(file))} KB`);
if (largest)
  console.log(
    `largest route chunk: ${largest.key} ${kb(largest.bytes)} KB gzip (${routeChunks.length} route chunks)`,
  );
const within = loginBytes / 1024 <= BUDGET_LOGIN_KB;
console.log(
  `budget /login: ${within ? 'within' : 'OVER'} (${((loginBytes / 1024 / BUDGET_LOGIN_KB) * 100).toFixed(0)}% of budget)`,
);
