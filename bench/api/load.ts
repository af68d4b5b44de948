// The bench's data, written through the product's own API (createMany in batches of 1,000, the
// largest a bulk call takes), so whatever the product does after bulk writes happens here too.
import { call, type SignedIn, TENANT_NAME } from './product';

const BATCH = 1000;
/** Batches in flight at once: a loader with a little parallelism, as an import script would have. */
const PARALLEL = 2;
const PARENTS = 50;
const SUBJECTS = 200;

export interface Loaded {
  /** The menu whose 1/50th of the rows the list filters on. */
  parentId: number;
  tenantId: number;
  treeId: number;
}

async function inBatches<T>(base: string, who: SignedIn, path: string, rows: T[]): Promise<unknown[]> {
  const out: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const start = next;
      next += BATCH;
      const { data } = await call<{ data: unknown[] }>(
        base,
        who,
        'POST',
        path,
        rows.slice(start, start + BATCH),
      );
      out.push(...data);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return out;
}

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/**
 * `rows` menus under 50 parents, `rows` published programs over 200 subjects (a subject matches
 * 1/200th), one program of 10 courses x 10 modules x 10 units, and `rows / 5` settings rows on the
 * main platform and as many inside a metered tenant (2% of them dark).
 */
export async function loadData(
  base: string,
  admin: SignedIn,
  member: SignedIn,
  rows: number,
): Promise<Loaded> {
  const { data: tenants } = await call<{ data: { tenant_id: number; tenant_name: string }[] }>(
    base,
    admin,
    'GET',
    '/api/user/tenants/getAll?limit=100',
  );
  const tenantId = tenants.find((tenant) => tenant.tenant_name === TENANT_NAME)?.tenant_id;
  if (!tenantId) throw new Error(`the seeded tenant ${TENANT_NAME} is missing`);
  // The seeded tenant's subscription, with room for the load: every call inside the tenant is metered.
  const subscriptions = '/api/user/tenant-subscriptions';
  const { data: subscription } = await call<{ data: { subscription_id: number } }>(
    base,
    admin,
    'GET',
    `${subscriptions}/getSubscriptionByTenant/${tenantId}`,
  );
  await call(base, admin, 'PUT', `${subscriptions}/updateSubscription/${subscription.subscription_id}`, {
    plan: 'enterprise',
    limits: { users: 100_000, storage_gb: 1000, api_calls: 1_000_000_000 },
  });
  const inTenant: SignedIn = { ...member, headers: { ...member.headers, 'x-tenant-id': String(tenantId) } };

  const menus = '/operations/system/customMenus/createMany';
  const parents = (await inBatches(
    base,
    admin,
    menus,
    range(PARENTS).map((p) => ({ menu_name: `Parent ${p}`, path: `/parent/${p}` })),
  )) as { menu_id: number }[];
  const parentIds = parents.map((p) => p.menu_id).sort((a, b) => a - b);
  await inBatches(
    base,
    admin,
    menus,
    range(rows).map((g) => ({
      menu_name: `Menu ${g}`,
      menu_parent_id: parentIds[g % PARENTS],
      sort_order: (g * 7919) % 100_000,
      path: `/menu/${g}`,
      icon: 'icon',
    })),
  );

  const settings = '/operations/user/userSettings/createMany';
  const setting = (userId: number) => (g: number) => ({
    user_id: userId,
    theme: g % 50 === 0 ? 'dark' : 'light',
  });
  await inBatches(base, admin, settings, range(rows / 5).map(setting(admin.userId)));
  await inBatches(base, inTenant, settings, range(rows / 5).map(setting(member.userId)));

  const programs = '/api/program/programs/createMany';
  await inBatches(
    base,
    admin,
    programs,
    range(rows).map((g) => ({
      program_name: `Program ${g} in subject${g % SUBJECTS}`,
      description: `Learn subject${g % SUBJECTS} step by step`,
      program_category: `category${g % 20}`,
      status: 'published',
    })),
  );
  const [tree] = (await inBatches(base, admin, programs, [
    { program_name: 'Bench tree', status: 'published' },
  ])) as {
    program_id: number;
  }[];
  const courses = (await inBatches(
    base,
    admin,
    '/api/program/courses/createMany',
    range(10).map((c) => ({ program_id: tree!.program_id, course_name: `Course ${c}`, position: c })),
  )) as { course_id: number }[];
  const modules = (await inBatches(
    base,
    admin,
    '/api/program/modules/createMany',
    courses.flatMap((course) =>
      range(10).map((m) => ({ course_id: course.course_id, module_name: `Module ${m}`, position: m })),
    ),
  )) as { module_id: number }[];
  await inBatches(
    base,
    admin,
    '/api/program/units/createMany',
    modules.flatMap((module) =>
      range(10).map((u) => ({
        module_id: module.module_id,
        unit_name: `Unit ${u}`,
        position: u,
        content: { html: '<p>A short unit of text.</p>' },
      })),
    ),
  );
  return { parentId: parentIds[7]!, tenantId, treeId: tree!.program_id };
}
