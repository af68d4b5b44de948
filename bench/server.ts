// The server the API bench drives: the real app over a database seeded with 100,000 menu rows, plus
// the two ceiling routes, which exist only here and never in the product.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@nexus/server/app';
import { createSession } from '@nexus/server/auth/sessions';
import { migrate, openDatabase } from '@nexus/server/db';
import {
  customMenus,
  customRolePrivileges,
  groupUsers,
  roles,
  tenantSubscriptions,
  userRoles,
  users,
} from '@nexus/server/db/schema';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const ROWS = 100_000;
const PARENTS = 50; // each parent holds 2,000 rows: the filtered set of the bench (menu_parent_id = 7)
const port = Number(process.env.BENCH_PORT ?? 18181);
const onPostgres = process.env.BENCH_DATABASE === 'postgres';

const database = onPostgres
  ? await openDatabase({ url: process.env.DATABASE_URL, searchPath: 'nexus_bench' })
  : await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'nexus-bench-')) });

/** DDL and VACUUM belong to the schema's owner; the app's own connections run as `nexus_app`. */
async function asOwner(text: string): Promise<void> {
  if (!onPostgres) {
    await database.db.execute(sql.raw('reset role'));
    await database.db.execute(sql.raw(text));
    await database.db.execute(sql.raw('set role nexus_app'));
    return;
  }
  const owner = new pg.Client({
    connectionString: process.env.DATABASE_URL,
    options: '-c search_path=nexus_bench',
  });
  await owner.connect();
  await owner.query(text);
  await owner.end();
}

if (onPostgres) await asOwner('drop schema if exists nexus_bench cascade; create schema nexus_bench');
await migrate(database);

// Loading spans tenants: the all-tenants handle (row-level security would hide these rows otherwise).
await database.system.execute(sql`
  insert into custom_menus (menu_name, menu_parent_id, sort_order, path, icon, created_by, modified_by)
  select 'Menu ' || g, g % ${PARENTS}, (g * 7919) % 100000, '/menu/' || g, 'icon', 1, 1
  from generate_series(1, ${ROWS}) as g`);

// Issue 4's bench: the same list of user settings, once on the main platform (no metering, no menu
// privileges) and once inside a metered tenant by a member whose custom role grants the admin center.
// 100,000 rows on each side, 2% of them with the filtered theme.
const [tenant] = await database.system
  .execute<{ tenant_id: number }>(
    sql`insert into tenants (tenant_name, tenant_type) values ('Bench Institute', 'institute') returning tenant_id`,
  )
  .then((result) => (result as unknown as { rows: { tenant_id: number }[] }).rows);
const tenantId = tenant!.tenant_id;
await database.system.execute(sql`
  insert into users (username, email, first_name)
  select 'bench_' || g, 'bench_' || g || '@example.test', 'Bench' from generate_series(1, 1000) as g`);
for (const scope of [sql`null::int`, sql`${tenantId}::int`]) {
  await database.system.execute(sql`
    insert into user_settings (user_id, tenant_id, theme, created_by, modified_by)
    select u.user_id, ${scope}, case when g % 50 = 0 then 'dark' else 'light' end, 1, 1
    from generate_series(1, ${ROWS}) as g
    join users u on u.username = 'bench_' || (1 + g % 1000)`);
}
const [adminCenter] = await database.system
  .insert(customMenus)
  .values({ menu_name: 'Admin Center', path: '/admin-center', tenant_id: tenantId })
  .returning();
const [granter] = await database.system
  .insert(users)
  .values({ username: 'bench_admin', email: 'bench_admin@example.test', first_name: 'Bench' })
  .returning();
const [customRole] = await database.system
  .insert(roles)
  .values({
    role_name: 'bench_moderator',
    display_name: 'Moderator',
    parent_user_id: granter!.user_id,
    tenant_id: tenantId,
  })
  .returning();
await database.system
  .insert(customRolePrivileges)
  .values({ role_id: customRole!.role_id, privilege_menu_id: adminCenter!.menu_id, tenant_id: tenantId });
await database.system.insert(groupUsers).values({
  user_id: 2,
  parent_user_id: granter!.user_id,
  role_ids: [customRole!.role_id],
  tenant_id: tenantId,
});
await database.system.insert(tenantSubscriptions).values({
  tenant_id: tenantId,
  plan: 'enterprise',
  limits: { users: 100_000, storage_gb: 1000, api_calls: 1_000_000_000 },
});
// Issue 5's bench: 100,000 published platform programs over a vocabulary of 200 subjects (a subject
// matches 500 programs), and one program of 10 courses x 10 modules x 10 units for the complete load.
await database.system.execute(sql`
  insert into programs (program_name, description, program_category, status, created_by, modified_by)
  select 'Program ' || g || ' in subject' || (g % 200), 'Learn subject' || (g % 200) || ' step by step',
    'category' || (g % 20), 'published', 1, 1
  from generate_series(1, ${ROWS}) as g`);
const [tree] = await database.system
  .execute<{ program_id: number }>(
    sql`insert into programs (program_name, status, created_by, modified_by) values ('Bench tree', 'published', 1, 1) returning program_id`,
  )
  .then((result) => (result as unknown as { rows: { program_id: number }[] }).rows);
await database.system.execute(sql`
  insert into courses (program_id, course_name, position) select ${tree!.program_id}, 'Course ' || c, c from generate_series(1, 10) c`);
await database.system.execute(sql`
  insert into modules (course_id, module_name, position)
  select co.course_id, 'Module ' || m, m from courses co, generate_series(1, 10) m where co.program_id = ${tree!.program_id}`);
await database.system.execute(sql`
  insert into units (module_id, unit_name, position, content)
  select mo.module_id, 'Unit ' || u, u, '{"html": "<p>A short unit of text.</p>"}'::jsonb
  from modules mo join courses co on co.course_id = mo.course_id, generate_series(1, 10) u
  where co.program_id = ${tree!.program_id}`);
await asOwner('vacuum analyze programs');
await asOwner('vacuum analyze program_search');
await asOwner('vacuum analyze courses');
await asOwner('vacuum analyze modules');
await asOwner('vacuum analyze units');

// Fresh statistics and a visibility map, as autovacuum would leave tables of this size.
await asOwner('vacuum analyze custom_menus');
await asOwner('vacuum analyze user_settings');

// A signed-in member with a real session: /auth/profile, the hot path of every page load, reads it.
const [member] = await database.system
  .insert(users)
  .values({ username: 'bench', email: 'bench@example.test', first_name: 'Bench', email_verified: true })
  .returning();
await database.system.insert(userRoles).values({ user_id: member!.user_id, role_id: 13 });
const session = await createSession(database.db, member!.user_id, {});

const app = await buildApp({
  database,
  // The list routes run as an injected actor (no cookie); requests with the cookie use the real session.
  resolveActor: (request) => {
    if (request.headers.cookie) return null;
    switch (request.headers['x-bench-actor']) {
      case 'platform-admin':
        return { userId: 1, tenantId: null, isPlatformAdmin: true, roles: [] };
      case 'tenant-member':
        return {
          userId: 2,
          tenantId,
          isPlatformAdmin: false,
          roles: [{ roleId: 13, roleName: 'individual', roleView: 'user', tenantId }],
        };
      default:
        return { userId: 1, tenantId: null, isPlatformAdmin: false, roles: [] };
    }
  },
});
app.get('/bench/constant', { config: { policy: 'public' } }, async () => ({ data: { ok: true } }));
app.get('/bench/select1', { config: { policy: 'public' } }, async () => {
  // The same pool and the same prepared-read path the list endpoint uses.
  const rows = await database.read<{ one: number }>(sql`select 1 as one`, true);
  return { data: rows[0] };
});
await app.listen({ port, host: '127.0.0.1' });
console.log(`BENCH SESSION ${session.token}`);
console.log(`BENCH TREE ${tree!.program_id}`);
console.log(`BENCH READY on ${port} (${database.kind}, ${ROWS} rows)`);

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  if (onPostgres) await asOwner('drop schema if exists nexus_bench cascade');
  process.exit(0);
});
