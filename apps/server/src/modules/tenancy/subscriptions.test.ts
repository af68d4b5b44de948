import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, tenantApiUsage, tenantSubscriptions, userRoles } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/api/user/tenant-subscriptions';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function subscribed(limits: Record<string, number> = {}) {
  const tenant = await makeTenant(t.database);
  const admin = await makeUser(t.database);
  t.actAs(platformAdmin(admin.user_id));
  const response = await t.app.inject({
    method: 'POST',
    url: `${BASE}/createSubscription`,
    payload: { tenant_id: tenant.tenant_id, plan: 'free', limits, created_by: 777 },
  });
  expect(response.statusCode).toBe(201);
  return { tenant, admin, subscription: response.json().data };
}

async function subscriptionOf(tenantId: number) {
  const [row] = await t.database.system
    .select()
    .from(tenantSubscriptions)
    .where(eq(tenantSubscriptions.tenant_id, tenantId));
  return row!;
}

describe('createSubscription', () => {
  it('creates one on the plan with its limits overridden, stamped by the platform admin', async () => {
    const { subscription, admin } = await subscribed({ users: 3 });
    expect(subscription).toMatchObject({
      plan: 'free',
      status: 'active',
      limits: { users: 3, storage_gb: 5, api_calls: 100_000 },
      created_by: admin.user_id,
    });
  });

  it('answers 409 for a second one, 400 for a bad plan, 404 for no tenant, 403 to a tenant admin, 401', async () => {
    const { tenant, admin } = await subscribed();
    const url = `${BASE}/createSubscription`;
    const again = await t.app.inject({ method: 'POST', url, payload: { tenant_id: tenant.tenant_id } });
    expect(again.statusCode).toBe(409);
    const other = await makeTenant(t.database);
    const bad = await t.app.inject({
      method: 'POST',
      url,
      payload: { tenant_id: other.tenant_id, plan: 'platinum' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('plan');
    const missing = await t.app.inject({ method: 'POST', url, payload: { tenant_id: 2_000_000_000 } });
    expect(missing.statusCode).toBe(404);
    t.actAs(tenantAdmin(admin.user_id, other.tenant_id));
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { tenant_id: other.tenant_id } })).statusCode,
    ).toBe(403);
    t.actAs(null);
    expect(
      (await t.app.inject({ method: 'POST', url, payload: { tenant_id: other.tenant_id } })).statusCode,
    ).toBe(401);
    const rows = await t.database.system
      .select()
      .from(tenantSubscriptions)
      .where(eq(tenantSubscriptions.tenant_id, other.tenant_id));
    expect(rows).toEqual([]);
  });
});

describe('getSubscriptionByTenant', () => {
  it('answers its tenant admin with warnings for metrics at 80 % or more', async () => {
    const { tenant } = await subscribed({ users: 5, storage_gb: 10 });
    const members = [];
    for (let i = 0; i < 4; i += 1) members.push(await makeUser(t.database));
    await t.database.system
      .insert(userRoles)
      .values(members.map((user) => ({ user_id: user.user_id, role_id: 13, tenant_id: tenant.tenant_id })));
    const head = await makeUser(t.database);
    t.actAs(platformAdmin(head.user_id));
    const fix = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateUsage`,
      payload: { tenant_id: tenant.tenant_id, usage_data: { users: 4, storage_gb: 2 } },
    });
    expect(fix.statusCode).toBe(200);
    t.actAs(tenantAdmin(head.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getSubscriptionByTenant/${tenant.tenant_id}`,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.current_usage).toMatchObject({ users: 4, storage_gb: 2 });
    expect(data.warnings).toEqual([{ metric: 'users', used: 4, limit: 5, percent: 80 }]);
  });

  it('answers 403 to a member, 404 to another tenant and for no subscription, 400 bad id, 401', async () => {
    const { tenant } = await subscribed();
    const other = await makeTenant(t.database);
    const user = await makeUser(t.database);
    const url = `${BASE}/getSubscriptionByTenant/${tenant.tenant_id}`;
    t.actAs(member(user.user_id, tenant.tenant_id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    t.actAs(tenantAdmin(user.user_id, other.tenant_id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getSubscriptionByTenant/${other.tenant_id}`,
    });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getSubscriptionByTenant/0` })).statusCode).toBe(
      400,
    );
    t.actAs(null);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('updateSubscription', () => {
  it('changes plan, limits, status and period as a platform admin', async () => {
    const { subscription, admin } = await subscribed();
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateSubscription/${subscription.subscription_id}`,
      payload: { plan: 'standard', limits: { users: 300 }, status: 'suspended' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      plan: 'standard',
      status: 'suspended',
      limits: { users: 300, storage_gb: 100, api_calls: 2_000_000 },
      modified_by: admin.user_id,
    });
  });

  it('answers 400 for a backwards period or negative limit, 404 unknown, 403 tenant admin, 401', async () => {
    const { subscription, tenant, admin } = await subscribed();
    const url = `${BASE}/updateSubscription/${subscription.subscription_id}`;
    const backwards = await t.app.inject({
      method: 'PUT',
      url,
      payload: { period_start: '2026-05-01T00:00:00Z', period_end: '2026-04-01T00:00:00Z' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('period_end');
    const negative = await t.app.inject({ method: 'PUT', url, payload: { limits: { users: -1 } } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('limits.users');
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateSubscription/2000000000`,
      payload: { status: 'active' },
    });
    expect(unknown.statusCode).toBe(404);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    expect((await t.app.inject({ method: 'PUT', url, payload: { status: 'cancelled' } })).statusCode).toBe(
      403,
    );
    t.actAs(null);
    expect((await t.app.inject({ method: 'PUT', url, payload: { status: 'cancelled' } })).statusCode).toBe(
      401,
    );
    expect((await subscriptionOf(tenant.tenant_id)).status).toBe('active');
  });
});

describe('updateUsage', () => {
  it('corrects current_usage and writes an audit event with before and after, stamped by the actor', async () => {
    const { tenant, admin } = await subscribed();
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateUsage`,
      payload: {
        tenant_id: tenant.tenant_id,
        usage_data: { storage_gb: 1.5, api_calls: 40 },
        modified_by: 999,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      current_usage: { users: 0, storage_gb: 1.5, api_calls: 40 },
      modified_by: admin.user_id,
    });
    const [event] = await t.database.system
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.tenant_id, tenant.tenant_id))
      .orderBy(desc(auditEvents.audit_id));
    expect(event).toMatchObject({
      actor_user_id: admin.user_id,
      action: 'update_usage',
      entity: 'tenant_subscriptions',
      details: {
        before: { users: 0, storage_gb: 0, api_calls: 0 },
        after: { users: 0, storage_gb: 1.5, api_calls: 40 },
      },
    });
    const [meter] = await t.database.system
      .select()
      .from(tenantApiUsage)
      .where(eq(tenantApiUsage.tenant_id, tenant.tenant_id));
    expect(meter?.calls).toBe(40);
  });

  it('answers 400 for an empty correction, 404 without subscription, 403 tenant admin, 401; no audit', async () => {
    const { tenant, admin } = await subscribed();
    const url = `${BASE}/updateUsage`;
    const empty = await t.app.inject({
      method: 'PUT',
      url,
      payload: { tenant_id: tenant.tenant_id, usage_data: {} },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('usage_data');
    const other = await makeTenant(t.database);
    const none = await t.app.inject({
      method: 'PUT',
      url,
      payload: { tenant_id: other.tenant_id, usage_data: { users: 1 } },
    });
    expect(none.statusCode).toBe(404);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const payload = { tenant_id: tenant.tenant_id, usage_data: { users: 1 } };
    expect((await t.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(403);
    t.actAs(null);
    expect((await t.app.inject({ method: 'PUT', url, payload })).statusCode).toBe(401);
    const events = await t.database.system
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.tenant_id, tenant.tenant_id), eq(auditEvents.action, 'update_usage')));
    expect(events).toEqual([]);
  });
});
