import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { APP_ROLE, type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import type { Actor } from '../http/policy';
import type { AiProviderConfig } from '../modules/ai';
import { DiskStore, type FileStore } from '../modules/files';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The actor the next requests run as; null means signed out. */
  actAs(actor: Actor | null): void;
  close(): Promise<void>;
}

/**
 * A database for one test file: in-memory PGlite, or a fresh schema on TEST_DATABASE_URL so files run
 * in parallel against one PostgreSQL server. The schema is dropped on close.
 */
export async function makeTestDatabase(
  options: { poolSize?: number } = {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    const loadDataDir = template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
    const database = await openDatabase({ memory: true, loadDataDir });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schemaName}"`);
  await admin.end();
  const database = await openDatabase({ url, searchPath: schemaName, poolSize: options.poolSize ?? 4 });
  await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop schema "${schemaName}" cascade`);
      await cleaner.query(`drop schema if exists "${schemaName}_jobs" cascade`);
      await cleaner.end();
    },
  };
}

/**
 * Runs DDL as the schema's owner (the application role may not alter tables), e.g. to make a load
 * fail on purpose.
 */
export async function runAsOwner(database: Database, text: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (database.kind === 'pglite' || !url) {
    await database.db.execute(sql.raw('reset role'));
    try {
      await database.db.execute(sql.raw(text));
    } finally {
      await database.db.execute(sql.raw(`set role ${APP_ROLE}`));
    }
    return;
  }
  const owner = new pg.Client({ connectionString: url, options: `-c search_path=${database.schemaName}` });
  await owner.connect();
  try {
    await owner.query(text);
  } finally {
    await owner.end();
  }
}

/**
 * Builds the app over a fresh database with an injectable actor. Uploads go to a fresh temporary
 * directory (removed on close) unless the test brings its own store.
 */
export async function makeApp(
  options: {
    staticDir?: string;
    bodyLimit?: number;
    fileStore?: FileStore;
    uploadMaxMb?: number;
    ai?: AiProviderConfig;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await makeTestDatabase();
  let current: Actor | null = null;
  const storageDir = options.fileStore ? undefined : mkdtempSync(join(tmpdir(), 'nexus-files-test-'));
  const app = await buildApp({
    database,
    resolveActor: () => current,
    staticDir: options.staticDir,
    bodyLimit: options.bodyLimit,
    fileStore: options.fileStore ?? new DiskStore(storageDir as string),
    uploadMaxMb: options.uploadMaxMb,
    ai: options.ai,
  });
  await app.ready();
  return {
    app,
    database,
    actAs(actor) {
      current = actor;
    },
    async close() {
      await app.close();
      await drop();
      if (storageDir) rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
