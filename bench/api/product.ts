// The product as `npm start` runs it: scripts/start.mjs in its own process, configured only through
// the environment variables of DESIGN section 8, signed in to through /api/auth/signin.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ADMIN = { email: 'bench-admin@nexus.local', password: 'Bench-Admin-2026!' };
/** A demo account (db/seed/DEMO_ACCOUNTS.md): Tenant Admin of Riverside Institute of Technology. */
export const TENANT_MEMBER = { email: 'institute-admin@nexus.local', password: 'Nexus-Demo-2026!' };
export const TENANT_NAME = 'Riverside Institute of Technology';

/** Where the product keeps its data for one bench: a fresh embedded directory or a fresh database. */
export interface Store {
  label: 'embedded' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
}

export function embeddedStore(): Store {
  const dataDir = mkdtempSync(join(tmpdir(), 'nexus-bench-'));
  return {
    label: 'embedded',
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The environment a product command runs with for a store. A DATABASE_URL in the bench's own
 * environment names the PostgreSQL run; it would take precedence over DATA_DIR in the embedded one.
 */
function storeEnv(store: Store, extra: Record<string, string>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env, ...store.env, ...extra };
  if (store.label === 'embedded') delete env.DATABASE_URL;
  return env;
}

/**
 * A database of its own beside the one DATABASE_URL names, dropped afterwards (needs CREATEDB); named
 * after the process, so benches running side by side never drop each other's.
 */
export async function postgresStore(url: string): Promise<Store> {
  const target = new URL(url);
  const name = `${target.pathname.slice(1) || 'postgres'}_nexus_bench_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const quoted = `"${name.replaceAll('"', '""')}"`;
  await admin(`drop database if exists ${quoted} with (force)`);
  await admin(`create database ${quoted}`);
  target.pathname = `/${name}`;
  return {
    label: 'postgres',
    env: { DATABASE_URL: target.toString() },
    // BENCH_KEEP=1 leaves the database for a look afterwards (EXPLAIN, the data); its name is printed.
    drop: async () => {
      if (process.env.BENCH_KEEP === '1') console.log(`BENCH_KEEP: database ${name} kept`);
      else await admin(`drop database if exists ${quoted} with (force)`);
    },
  };
}

/**
 * The first platform administrator and the demo tenants, through the product's own seed command
 * (`npm run seed`) before the server starts, as an operator would; it stays valid once the server
 * bootstraps an administrator itself, since seeding is idempotent.
 */
export function seedStore(store: Store): void {
  const result = spawnSync('npm', ['run', 'seed', '--silent'], {
    cwd: ROOT,
    env: storeEnv(store, { SEED_ADMIN_EMAIL: ADMIN.email, SEED_ADMIN_PASSWORD: ADMIN.password }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm run seed failed (${result.status})`);
}

export interface Product {
  base: string;
  /** The launcher's process (scripts/start.mjs); the server is its child. */
  pid: number;
  logFile: string;
  stop(): Promise<void>;
  /** Bytes the process has logged so far. */
  logBytes(): number;
}

/** Starts `node scripts/start.mjs` (what `npm start` runs) and waits for its /readyz. */
export async function startProduct(
  store: Store,
  port: number,
  extraEnv: Record<string, string>,
): Promise<Product> {
  const logFile = join(mkdtempSync(join(tmpdir(), 'nexus-bench-log-')), 'server.log');
  const fd = openSync(logFile, 'w');
  const base = `http://127.0.0.1:${port}`;
  const env = storeEnv(store, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: base,
    SEED: 'none',
    ...extraEnv,
  });
  // The bench's own settings are not the product's: only DESIGN section 8's variables go through.
  for (const key of Object.keys(env)) if (key.startsWith('BENCH_')) delete env[key];
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
    // stdout to a file, as a process manager would keep it: the logging cost is part of the figure.
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = once(child, 'exit');
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}); see ${logFile}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server did not get ready; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base,
    pid: child.pid as number,
    logFile,
    logBytes: () => statSync(logFile).size,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export interface SignedIn {
  userId: number;
  /** Headers that make a request this person's: the session cookie and, inside a tenant, X-Tenant-Id. */
  headers: Record<string, string>;
}

/** POST /api/auth/signin, keeping the session cookie it sets (nexus_sid). */
export async function signIn(base: string, account: { email: string; password: string }): Promise<SignedIn> {
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (!response.ok)
    throw new Error(`sign-in as ${account.email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const body = (await response.json()) as { data: { user: { user_id: number } } };
  return { userId: body.data.user.user_id, headers: { cookie } };
}

/** A JSON call as the signed-in person; throws with the product's message on failure. */
export async function call<T>(
  base: string,
  who: SignedIn,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...who.headers,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Statistics as autovacuum would have them after a bulk fill. Only the tables' owner may analyze (the
 * product's connections run as the application role), so on the embedded database the filling
 * connection steps out of that role first; on PostgreSQL a plain connection does it.
 */
export async function analyzeTables(
  store: Store,
  db: { execute(query: SQL): Promise<unknown> },
  tables: string[],
): Promise<void> {
  if (store.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await client.connect();
    for (const table of tables) await client.query(`analyze ${table}`);
    await client.end();
    return;
  }
  await db.execute(sql`reset role`);
  for (const table of tables) await db.execute(sql.raw(`analyze ${table}`));
}
