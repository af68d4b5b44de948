import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { clientExecutor, pgliteExecutor } from '../kernel/jobs/executors';
import { installJobs } from '../kernel/jobs/install';
import { APP_ROLE, type Database, SET_APP_ROLE } from './client';
import { installListMaintenance } from './maintenance';

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
  const migrationsSchema = database.schemaName === 'public' ? 'drizzle' : database.schemaName;
  const config = { migrationsFolder, migrationsSchema };
  const internals = database.db as unknown as { dialect: PgDialect; session: PgSession; $client: unknown };
  if (database.kind !== 'postgres') {
    // The embedded database has one connection: it migrates as the superuser, then drops to the role.
    await database.db.execute(sql.raw('reset role'));
    await internals.dialect.migrate(migrations, internals.session, config);
    await grantAppRole((text) => database.db.execute(sql.raw(text)), database.schemaName);
    await installListMaintenance((text) => database.db.execute(sql.raw(text)), database.schemaName, APP_ROLE);
    await installJobs(pgliteExecutor(internals.$client as PGlite), database.schemaName, APP_ROLE);
    await database.db.execute(sql.raw(`set role ${APP_ROLE}`));
    return;
  }
  // Replicas starting together would race to apply the same migration; a session advisory lock per
  // schema lets one apply them while the others wait and then find nothing left to do. The migrating
  // connection leaves the application role (pool connections take it on connect) to own the DDL.
  const pool = internals.$client as pg.Pool;
  const client = await pool.connect();
  const key = `nexus_migrate:${database.schemaName}`;
  try {
    await client.query('reset role');
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    const migrator = drizzleNodePg({ client }) as unknown as { dialect: PgDialect; session: PgSession };
    await migrator.dialect.migrate(migrations, migrator.session, config);
    await grantAppRole((text) => client.query(text), database.schemaName);
    await installListMaintenance((text) => client.query(text), database.schemaName, APP_ROLE);
    await installJobs(clientExecutor(client), database.schemaName, APP_ROLE);
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => {});
    // A connection that cannot take the role again is not handed back to the pool.
    const restored = await client.query(SET_APP_ROLE).then(
      () => true,
      () => false,
    );
    client.release(!restored);
  }
}

/** Creates the application role once per cluster (a superuser can) and grants it the schema's tables. */
async function grantAppRole(run: (text: string) => Promise<unknown>, schemaName: string): Promise<void> {
  await run(`do $$ begin
    if current_setting('is_superuser') = 'on' and not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
      create role ${APP_ROLE} nologin;
    end if;
  exception when duplicate_object or unique_violation then null;
  end $$`);
  const schema = `"${schemaName.replaceAll('"', '""')}"`;
  await run(`do $$ begin
    if exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
      grant usage on schema ${schema} to ${APP_ROLE};
      grant select, insert, update, delete, truncate on all tables in schema ${schema} to ${APP_ROLE};
      grant usage, select, update on all sequences in schema ${schema} to ${APP_ROLE};
    end if;
  end $$`);
}
