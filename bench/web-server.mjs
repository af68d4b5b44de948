// Starts the built server the way `npm start` does: its own process, a fresh data directory (so the
// demo seed runs), its own port. bench:web measures pages against it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../scripts/build-if-stale.mjs';

export async function startServer(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'nexus-bench-web-'));
  const origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: origin,
    SEED: 'demo',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    origin,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
