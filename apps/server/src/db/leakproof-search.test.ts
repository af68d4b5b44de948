import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestDatabase } from '../test/make-app';
import type { Database } from './client';
import { inScope } from './scope';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

/**
 * The plan PostgreSQL makes for a statement as the application role, in the all-tenants scope of the
 * public searches, with sequential scans priced out: an index path exists only if the filter's
 * operator may run before the tenant policy (migration 0039).
 */
async function planOf(query: SQL): Promise<string> {
  return inScope(database.db, 'all', async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('search operators under row-level security (migration 0039)', () => {
  it('lets a job search by a word use the text index', async () => {
    const plan = await planOf(
      sql`select posting_id from job_postings p where p.search_vector @@ websearch_to_tsquery('english', 'geophysics')`,
    );
    expect(plan).toContain('job_postings_search_idx');
  });

  it('lets a resource search use the text and tag indexes', async () => {
    const words = await planOf(
      sql`select item_id from resource_items i where i.search_vector @@ websearch_to_tsquery('english', 'solar')`,
    );
    expect(words).toContain('resource_items_search_idx');
    const tags = await planOf(
      sql`select item_id from resource_items i where i.tags && array['energy']::text[]`,
    );
    expect(tags).toContain('resource_items_tags_idx');
  });

  it('still applies the tenant policy to what the index finds', async () => {
    const plan = await planOf(
      sql`select posting_id from job_postings p where p.search_vector @@ websearch_to_tsquery('english', 'geophysics')`,
    );
    expect(plan).toMatch(/app_scope_key|tenant_id/);
  });
});
