// `npm start`: build what is missing, then serve the SPA and the API from one port (DESIGN section 1).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';

buildIfStale();

const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// Forward stop signals so the server can finish in-flight requests before it exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
