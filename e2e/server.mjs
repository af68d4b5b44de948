// Starts the real server for the journeys: fresh temporary data directory, demo seed, its own port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, root } from '../scripts/build-if-stale.mjs';
import { startSmtpSink } from './smtp-sink.mjs';

buildIfStale({ log: (line) => console.error(line) });

const dataDir = mkdtempSync(join(tmpdir(), 'nexus-e2e-'));
const port = process.env.E2E_PORT ?? '18080';
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 18025);
const sink = startSmtpSink({ smtpPort, httpPort: Number(process.env.E2E_MAIL_PORT ?? 18026) });
const env = {
  // Request logs would bury the journeys' own output; LOG_LEVEL=info brings them back.
  LOG_LEVEL: 'warn',
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_ORIGIN: `http://localhost:${port}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
};
delete env.DATABASE_URL;
// E2E_DATABASE_URL runs the journeys on PostgreSQL instead of the embedded database, on a database
// created fresh for this run; the job journeys then read pg-boss's tables to fast-forward retries.
const databaseUrl = process.env.E2E_DATABASE_URL;
if (databaseUrl) {
  const { default: pg } = await import('pg');
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  env.DATABASE_URL = databaseUrl;
  env.SEED = 'demo';
}
// The product exits with 75 when the embedded database's backend stopped (apps/server
// db/embedded-guard.ts), for its supervisor to start it again on the same data; so does this one,
// once, loudly, so a journey loses one attempt to it rather than every journey after it.
const EMBEDDED_DATABASE_STOPPED = 75;
let restarts = 0;
let server;
function start() {
  server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  server.on('exit', (code) => {
    if (code === EMBEDDED_DATABASE_STOPPED && restarts === 0) {
      restarts += 1;
      console.error(
        'e2e server: the embedded database stopped (see the log above); starting the server again',
      );
      start();
      return;
    }
    sink.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
}
start();

function stop(signal) {
  server.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
