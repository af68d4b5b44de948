// The server the API bench drives: the real app over a database seeded with 100,000 menu rows, plus
// the two ceiling routes, which exist only here and never in the product.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@nexus/server/app';
import { createSession } from '@nexus/server/auth/sessions';
import { migrate, openDatabase } from '@nexus/server/db';
import { userRoles, users } from '@nexus/server/db/schema';
import { sql } from 'drizzle-orm';

const ROWS = 100_000;
const PARENTS = 50; // each parent holds 2,000 rows: the filtered set of the bench (menu_parent_id = 7)
const port = Number(process.env.BENCH_PORT ?? 18181);
const onPostgres = process.env.BENCH_DATABASE === 'postgres';

const database = onPostgres
  ? await openDatabase({ url: process.env.DATABASE_URL, searchPath: 'nexus_bench' })
  : await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'nexus-bench-')) });
if (onPostgres) {
  await database.db.execute(sql`drop schema if exists nexus_bench cascade`);
  await database.db.execute(sql`create schema nexus_bench`);
}
await migrate(database);

await database.db.execute(sql`
  insert into custom_menus (menu_name, menu_parent_id, sort_order, path, icon, created_by, modified_by)
  select 'Menu ' || g, g % ${PARENTS}, (g * 7919) % 100000, '/menu/' || g, 'icon', 1, 1
  from generate_series(1, ${ROWS}) as g`);
// Fresh statistics and a visibility map, as autovacuum would leave a table of this size.
await database.db.execute(sql`vacuum analyze custom_menus`);

// A signed-in member with a real session: /auth/profile, the hot path of every page load, reads it.
const [member] = await database.db
  .insert(users)
  .values({ username: 'bench', email: 'bench@example.test', first_name: 'Bench', email_verified: true })
  .returning();
await database.db.insert(userRoles).values({ user_id: member!.user_id, role_id: 13 });
const session = await createSession(database.db, member!.user_id, {});

const app = await buildApp({
  database,
  // The list routes run as an injected member (no cookie); requests with the cookie use the real session.
  resolveActor: (request) =>
    request.headers.cookie ? null : { userId: 1, tenantId: null, isPlatformAdmin: false, roles: [] },
});
app.get('/bench/constant', { config: { policy: 'public' } }, async () => ({ data: { ok: true } }));
app.get('/bench/select1', { config: { policy: 'public' } }, async () => {
  // The same pool and the same prepared-read path the list endpoint uses.
  const rows = await database.read<{ one: number }>(sql`select 1 as one`, true);
  return { data: rows[0] };
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`BENCH SESSION ${session.token}`);
console.log(`BENCH READY on ${port} (${database.kind}, ${ROWS} rows)`);

process.on('SIGTERM', async () => {
  await app.close();
  if (onPostgres) await database.db.execute(sql`drop schema if exists nexus_bench cascade`);
  await database.close();
  process.exit(0);
});
