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

const LEARNER = { username: 'student@nexus.local', password: 'Nexus-Demo-2026!' };

/** Signs the demo learner in through the real sign-in (cookie banner accepted), then opens `path`. */
export async function signInLearner(page, origin, path = '/lxp') {
  await page.goto(`${origin}/login`);
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/auth\/redirect/);
  await page.getByLabel('Username or email').fill(LEARNER.username);
  await page.locator('input[type=password]').first().fill(LEARNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
}
