import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client';

/** Migrations sit beside this module in development and beside the bundle (`dist/migrations`) in production. */
export function findMigrationsFolder(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, 'migrations'), join(here, 'db/migrations'), join(here, '../migrations')];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta/_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Applies the checked-in SQL migrations. drizzle-kit qualifies foreign keys with `"public".`; they are
 * made relative so a test can migrate into its own schema through search_path.
 */
export async function migrate(database: Database, migrationsFolder = findMigrationsFolder()): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder }).map((migration) => ({
    ...migration,
    sql: migration.sql.map((statement) => statement.replaceAll('REFERENCES "public".', 'REFERENCES ')),
  }));
  const internals = database.db as unknown as { dialect: PgDialect; session: PgSession; $client: unknown };
  const migrationsSchema = database.schemaName === 'public' ? 'drizzle' : database.schemaName;
  const apply = () =>
    internals.dialect.migrate(migrations, internals.session, { migrationsFolder, migrationsSchema });
  if (database.kind !== 'postgres') return apply();
  // Replicas starting together would race to apply the same migration; a session advisory lock per
  // schema lets one apply them while the others wait and then find nothing left to do.
  const pool = internals.$client as pg.Pool;
  const client = await pool.connect();
  const key = `nexus_migrate:${database.schemaName}`;
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    await apply();
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
    client.release();
  }
}
