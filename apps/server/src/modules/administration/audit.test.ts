import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, userRoles } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const RECENT = '/api/user/audit/getRecentChanges';
const MENUS = '/operations/system/customMenus';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function adminOfNewTenant() {
  const tenant = await makeTenant(t.database);
  const admin = await makeUser(t.database, { first_name: 'Iris', last_name: 'Principal' });
  await t.database.system
    .insert(userRoles)
    .values({ user_id: admin.user_id, role_id: 2, tenant_id: tenant.tenant_id });
  return { tenant, admin, act: () => t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id)) };
}

const eventsOf = (tenantId: number) =>
  t.database.system
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.tenant_id, tenantId))
    .orderBy(asc(auditEvents.audit_id));

describe('recent changes', () => {
  it('records each write with who, what and which, and lists them newest first with the actor named', async () => {
    const { tenant, admin, act } = await adminOfNewTenant();
    act();
    const created = await t.app.inject({
      method: 'POST',
      url: `${MENUS}/createMenu`,
      payload: { menu_name: 'Reports' },
    });
    const menuId: number = created.json().data.menu_id;
    await t.app.inject({
      method: 'PUT',
      url: `${MENUS}/updateMenu/${menuId}`,
      payload: { menu_name: 'Reports 2' },
    });
    await t.app.inject({ method: 'DELETE', url: `${MENUS}/deleteMenu/${menuId}/${admin.user_id}` });

    const listed = await t.app.inject({ method: 'GET', url: RECENT });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((event: { action: string }) => event.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    expect(listed.json().data[1]).toMatchObject({
      entity: 'custom_menus',
      entity_id: String(menuId),
      actor_user_id: admin.user_id,
      actor_name: 'Iris Principal',
      details: { fields: ['menu_name'], label: 'Reports 2' },
    });
    expect(listed.json().meta).toMatchObject({ page: 1, limit: 20, total: 3 });
    const filtered = await t.app.inject({ method: 'GET', url: `${RECENT}?entity=user_settings` });
    expect(filtered.json().data).toEqual([]);
    expect((await eventsOf(tenant.tenant_id)).length).toBe(3);
  });

  it('writes no event for a change that fails, and one event for a whole bulk call', async () => {
    const { tenant, admin, act } = await adminOfNewTenant();
    act();
    const bulk = await t.app.inject({
      method: 'POST',
      url: `${MENUS}/createMany`,
      payload: [{ menu_name: 'One' }, { menu_name: 'Two' }],
    });
    expect(bulk.statusCode).toBe(201);
    const ids: number[] = bulk.json().data.map((row: { menu_id: number }) => row.menu_id);
    const failed = await t.app.inject({
      method: 'PUT',
      url: `${MENUS}/deleteMany`,
      payload: { menu_ids: [ids[0], 2_147_483_000], deleted_by: admin.user_id },
    });
    expect(failed.statusCode).toBe(404);
    const events = await eventsOf(tenant.tenant_id);
    expect(events.map((event) => [event.action, event.entity_id])).toEqual([['create', ids.join(',')]]);
  });

  it("shows a tenant's admins only their tenant's changes, and the main platform's only to platform admins", async () => {
    const a = await adminOfNewTenant();
    const b = await adminOfNewTenant();
    a.act();
    await t.app.inject({ method: 'POST', url: `${MENUS}/createMenu`, payload: { menu_name: 'Only in A' } });
    b.act();
    const seenByB = await t.app.inject({ method: 'GET', url: RECENT });
    expect(seenByB.statusCode).toBe(200);
    expect(seenByB.body).not.toContain('Only in A');
    // A member of A who is not its admin, and A's admin acting on the main platform: 403.
    t.actAs(member(b.admin.user_id, a.tenant.tenant_id));
    expect((await t.app.inject({ method: 'GET', url: RECENT })).statusCode).toBe(403);
    t.actAs({ ...tenantAdmin(a.admin.user_id, a.tenant.tenant_id), tenantId: null });
    expect((await t.app.inject({ method: 'GET', url: RECENT })).statusCode).toBe(403);
    t.actAs(platformAdmin(a.admin.user_id));
    const main = await t.app.inject({ method: 'GET', url: RECENT });
    expect(main.statusCode).toBe(200);
    expect(main.body).not.toContain('Only in A');
  });

  it('answers 401 signed out and 400 for a bad query', async () => {
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url: RECENT })).statusCode).toBe(401);
    const { act } = await adminOfNewTenant();
    act();
    for (const query of ['limit=101', 'page=0', 'entity=passwords', 'extra=1']) {
      expect((await t.app.inject({ method: 'GET', url: `${RECENT}?${query}` })).statusCode, query).toBe(400);
    }
  });

  it('records tenant, subscription and seat changes in the tenant they concern', async () => {
    const { tenant, admin } = await adminOfNewTenant();
    const joiner = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const subscription = await t.app.inject({
      method: 'POST',
      url: '/api/user/tenant-subscriptions/createSubscription',
      payload: { tenant_id: tenant.tenant_id },
    });
    const subscriptionId: number = subscription.json().data.subscription_id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/tenant-subscriptions/updateSubscription/${subscriptionId}`,
      payload: { status: 'suspended' },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/tenant-subscriptions/updateSubscription/${subscriptionId}`,
      payload: { status: 'active' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/user/tenant-subscriptions/assignSeat/${subscriptionId}`,
      payload: { email: joiner.email, role_id: 13 },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/user/tenants/updateTenant/${tenant.tenant_id}`,
      payload: { tenant_name: `${tenant.tenant_name} 2` },
    });
    const events = await eventsOf(tenant.tenant_id);
    expect(events.map((event) => `${event.action} ${event.entity}`)).toEqual([
      'create tenant_subscriptions',
      'update tenant_subscriptions',
      'update tenant_subscriptions',
      'assign_seat invitations',
      'update tenants',
    ]);
    expect(events[1]?.details).toMatchObject({ fields: ['status'], status: 'suspended' });
  });
});
