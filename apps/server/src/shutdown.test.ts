import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { makeTestDatabase } from './test/make-app';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish when the server closes', async () => {
    const { database, drop } = await makeTestDatabase();
    const app = await buildApp({ database });
    let release: () => void = () => {};
    let started: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    app.get('/slow', { config: { policy: 'public' } }, async () => {
      started();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { data: 'finished' };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const pending = get(port, '/slow');
    await inFlight;
    const closing = app.close();
    setTimeout(() => release(), 200);
    const response = await pending;
    await closing;
    expect(response).toEqual({ status: 200, body: '{"data":"finished"}' });
    await drop();
  });

  // The child always runs on the embedded database (DATABASE_URL is removed below), so the
  // PostgreSQL pass of the server suites would only repeat it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'exits 0 on SIGTERM after serving',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'nexus-shutdown-'));
      const port = 20000 + Math.floor(Math.random() * 12000); // below the ephemeral range (32768+)
      const main = fileURLToPath(new URL('./main.ts', import.meta.url));
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none' };
      delete env.DATABASE_URL;
      const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: 'pipe' });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      try {
        let ready = false;
        // A fresh embedded database runs every migration first: on a busy two-core machine, up to a minute.
        for (let i = 0; i < 360 && !ready; i++) {
          ready = await get(port, '/readyz').then(
            (r) => r.status === 200,
            () => false,
          );
          if (!ready) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(ready).toBe(true);
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const [code] = await exited;
        expect(code).toBe(0);
        expect(output).toContain('shutting down');
      } finally {
        child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});

describe('database away', () => {
  it('answers /readyz with 503 while the database does not answer, and /healthz stays 200', async () => {
    // A real pool aimed at a port where no PostgreSQL listens: what the server sees during a restart.
    const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:9/absent' });
    const app = await buildApp({ database });
    await app.ready();
    try {
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
