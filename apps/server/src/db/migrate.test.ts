import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { migrate } from './migrate';

const url = process.env.TEST_DATABASE_URL;

describe('migrations', () => {
  it.skipIf(!url)('apply once when several servers start together on one PostgreSQL', async () => {
    const schemaName = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schemaName}"`);
    const replicas = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url, searchPath: schemaName, poolSize: 2 })),
    );
    try {
      await Promise.all(replicas.map((replica) => migrate(replica)));
      const applied = await admin.query(
        `select count(*)::int as n from "${schemaName}".__drizzle_migrations`,
      );
      const files = await admin.query(
        `select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'custom_menus'`,
        [schemaName],
      );
      expect(files.rows[0].n).toBe(1);
      expect(applied.rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
      await admin.query(`drop schema "${schemaName}" cascade`);
      await admin.end();
    }
  });

  it('is a no-op on a database that is up to date', async () => {
    const database = await openDatabase({ memory: true });
    try {
      await migrate(database);
      await expect(migrate(database)).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
    // Every migration from an empty embedded database: seconds on a quiet machine, more under load.
  }, 60_000);
});
