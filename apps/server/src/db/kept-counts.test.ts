import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDatabase } from '../test/make-app';
import type { Database } from './client';
import { KeptPages } from './kept-counts';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

/** Tenant names as a page, read with the version, counting how often PostgreSQL was asked. */
function tenantNames(pages: KeptPages<string[]>) {
  let reads = 0;
  const read = (pageKey = 'all') =>
    pages.read(database, pageKey, async () => {
      reads += 1;
      const [row] = await database.read<{ version: string; names: string[] }>(
        sql`select ${pages.version} as version,
          (select coalesce(array_agg(tenant_name order by tenant_id), '{}') from tenants) as names`,
      );
      return { version: row!.version, value: row!.names };
    });
  return { read, reads: () => reads };
}

const addTenant = (name: string) =>
  database.system.execute(sql`insert into tenants (tenant_type, tenant_name) values ('corporate', ${name})`);

describe('KeptPages', () => {
  it('answers a repeated page from memory until a write to its table', async () => {
    const names = tenantNames(new KeptPages({ tables: ['tenants'], maxAgeMs: 60_000 }));
    const first = await names.read();
    expect(await names.read()).toEqual(first);
    expect(names.reads()).toBe(1);

    await addTenant('Kept pages test one');
    const after = await names.read();
    expect(names.reads()).toBe(2);
    expect(after.value).toContain('Kept pages test one');
    expect(after.version).not.toBe(first.version);
  });

  it('keeps each page under its own key', async () => {
    const names = tenantNames(new KeptPages({ tables: ['tenants'], maxAgeMs: 60_000 }));
    await names.read('one');
    await names.read('two');
    await names.read('one');
    expect(names.reads()).toBe(2);
  });

  it('reads afresh once a page is older than its age limit', async () => {
    const names = tenantNames(new KeptPages({ tables: ['tenants'], maxAgeMs: 0 }));
    await names.read();
    await names.read();
    expect(names.reads()).toBe(2);
  });

  it('forgets the oldest page once full', async () => {
    const names = tenantNames(new KeptPages({ tables: ['tenants'], maxAgeMs: 60_000, size: 2 }));
    await names.read('a');
    await names.read('b');
    await names.read('c');
    await names.read('b');
    expect(names.reads()).toBe(3);
    await names.read('a');
    expect(names.reads()).toBe(4);
  });
});
