import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
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
  const internals = database.db as unknown as { dialect: PgDialect; session: PgSession };
  const migrationsSchema = database.schemaName === 'public' ? 'drizzle' : database.schemaName;
  await internals.dialect.migrate(migrations, internals.session, { migrationsFolder, migrationsSchema });
}
