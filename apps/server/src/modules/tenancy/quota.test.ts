import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, tenantApiUsage, tenantSubscriptions, userRoles, userSettings } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { addStorageBytes } from './usage';

const SUBS = '/api/user/tenant-subscriptions';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function subscribedTenant(limits: Record<string, number>) {
  const tenant = await makeTenant(t.database);
  const head = await makeUser(t.database);
  t.actAs(platformAdmin(head.user_id));
  const response = await t.app.inject({
    method: 'POST',
    url: `${SUBS}/createSubscription`,
    payload: { tenant_id: tenant.tenant_id, limits },
  });
  expect(response.statusCode).toBe(201);
  return { tenant, head, subscription: response.json().data };
}

async function usageOf(tenantId: number) {
  const [row] = await t.database.system
    .select()
    .from(tenantSubscriptions)
    .where(eq(tenantSubscriptions.tenant_id, tenantId));
  return row!;
}

describe('users limit', () => {
  it('seats members up to the limit through invitations, then refuses the next with 409, writing nothing', async () => {
    const { tenant, head } = await subscribedTenant({ users: 2 });
    t.actAs(platformAdmin(head.user_id));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/createInvitation',
      payload: { role_id: 13, tenant_id: tenant.tenant_id, max_uses: 5 },
    });
    expect(created.statusCode).toBe(201);
    const url: string = created.json().data.url;
    const token = url.slice(url.lastIndexOf('/') + 1);
    const accept = async (userId: number) => {
      t.actAs(member(userId, null));
      return t.app.inject({ method: 'POST', url: `/api/invitations/acceptInvitation/${token}` });
    };
    const [a, b, c] = [await makeUser(t.database), await makeUser(t.database), await makeUser(t.database)];
    expect((await accept(a.user_id)).statusCode).toBe(200);
    expect((await usageOf(tenant.tenant_id)).current_usage).toMatchObject({ users: 1 });
    expect((await accept(b.user_id)).statusCode).toBe(200);
    const refused = await accept(c.user_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This organisation has used all 2 seats of its plan. Ask its administrator to upgrade.',
    );
    const roles = await t.database.system
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.tenant_id, tenant.tenant_id), eq(userRoles.user_id, c.user_id)));
    expect(roles).toEqual([]);
    const [invitation] = await t.database.system
      .select()
      .from(invitations)
      .where(eq(invitations.tenant_id, tenant.tenant_id));
    expect(invitation?.uses).toBe(2);
    expect((await usageOf(tenant.tenant_id)).current_usage).toMatchObject({ users: 2 });
  });
});

describe('api_calls limit', () => {
  it('answers 429 with Retry-After once the period is used up, and again after the period rolls over', async () => {
    const { tenant, head, subscription } = await subscribedTenant({ api_calls: 3 });
    const user = await makeUser(t.database);
    const call = () => {
      t.actAs(member(user.user_id, tenant.tenant_id));
      return t.app.inject({ method: 'GET', url: `/api/user/tenants/getTenant/${tenant.tenant_id}` });
    };
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('This organisation has used its API calls for this period.');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(20 * 24 * 3600);
    // Calls outside the tenant context are not metered.
    t.actAs(member(user.user_id, null));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/tenants/getUserTenants/${user.user_id}` }))
        .statusCode,
    ).toBe(200);

    // The counts reach the table and current_usage within a flush.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const [stored] = await t.database.system
      .select()
      .from(tenantApiUsage)
      .where(eq(tenantApiUsage.tenant_id, tenant.tenant_id));
    expect(stored?.calls).toBe(3);
    expect((await usageOf(tenant.tenant_id)).current_usage).toMatchObject({ api_calls: 3 });

    // The period ends: the next call rolls it over and is served.
    t.actAs(platformAdmin(head.user_id));
    const now = Date.now();
    const moved = await t.app.inject({
      method: 'PUT',
      url: `${SUBS}/updateSubscription/${subscription.subscription_id}`,
      payload: { period_end: new Date(now - 50).toISOString() },
    });
    expect(moved.statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const rolled = await usageOf(tenant.tenant_id);
    expect(rolled.period_end.getTime()).toBeGreaterThan(now);
    expect(rolled.period_start.getTime()).toBeLessThanOrEqual(now);
    expect(rolled.usage_data).toEqual([expect.objectContaining({ api_calls: 3 })]);
    expect((rolled.current_usage as { api_calls: number }).api_calls).toBe(0);
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
  });

  it('meters every route, also those registered before the tenancy module', async () => {
    const { tenant } = await subscribedTenant({ api_calls: 0 });
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'GET',
      url: '/operations/user/userSettings/getUserSetting',
    });
    expect(response.statusCode).toBe(429);
    t.actAs(member(user.user_id, null));
    const outside = await t.app.inject({
      method: 'GET',
      url: '/operations/user/userSettings/getUserSetting',
    });
    expect(outside.statusCode).toBe(200);
  });

  it('never locks a platform admin out of a tenant', async () => {
    const { tenant, head } = await subscribedTenant({ api_calls: 0 });
    t.actAs(platformAdmin(head.user_id, tenant.tenant_id));
    const response = await t.app.inject({
      method: 'GET',
      url: `${SUBS}/getSubscriptionByTenant/${tenant.tenant_id}`,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('subscription status', () => {
  it('keeps a suspended tenant readable, refuses its changes with 403 until reactivated, and never locks out a platform admin', async () => {
    const { tenant, head, subscription } = await subscribedTenant({});
    const admin = await makeUser(t.database);
    const setStatus = async (status: string) => {
      t.actAs(platformAdmin(head.user_id));
      const response = await t.app.inject({
        method: 'PUT',
        url: `${SUBS}/updateSubscription/${subscription.subscription_id}`,
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
    };
    const create = async (actor: ReturnType<typeof tenantAdmin>) => {
      // Settings for someone else are for the tenant's own members only.
      const owner = await makeUser(t.database);
      await t.database.system
        .insert(userRoles)
        .values({ user_id: owner.user_id, role_id: 13, tenant_id: tenant.tenant_id });
      t.actAs(actor);
      return t.app.inject({
        method: 'POST',
        url: '/operations/user/userSettings/createUserSetting',
        payload: { user_id: owner.user_id, theme: 'dark' },
      });
    };
    await setStatus('suspended');
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const read = await t.app.inject({ method: 'GET', url: '/operations/user/userSettings/getUserSetting' });
    expect(read.statusCode).toBe(200);
    const refused = await create(tenantAdmin(admin.user_id, tenant.tenant_id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "This organisation's subscription is suspended: its data can be read, but changes are paused until a platform administrator reactivates it.",
    );
    const settings = await t.database.system
      .select()
      .from(userSettings)
      .where(eq(userSettings.tenant_id, tenant.tenant_id));
    expect(settings).toEqual([]);
    expect((await create(platformAdmin(head.user_id, tenant.tenant_id))).statusCode).toBe(201);

    await setStatus('active');
    expect((await create(tenantAdmin(admin.user_id, tenant.tenant_id))).statusCode).toBe(201);
  });

  it('refuses a seat in a cancelled subscription with 403, writing nothing', async () => {
    const { tenant, head, subscription } = await subscribedTenant({});
    t.actAs(platformAdmin(head.user_id));
    const invitation = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/createInvitation',
      payload: { role_id: 13, tenant_id: tenant.tenant_id, max_uses: 5 },
    });
    const url: string = invitation.json().data.url;
    await t.app.inject({
      method: 'PUT',
      url: `${SUBS}/updateSubscription/${subscription.subscription_id}`,
      payload: { status: 'cancelled' },
    });
    const joiner = await makeUser(t.database);
    t.actAs(member(joiner.user_id, null));
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/acceptInvitation/${url.slice(url.lastIndexOf('/') + 1)}`,
    });
    expect(accepted.statusCode).toBe(403);
    const roles = await t.database.system
      .select()
      .from(userRoles)
      .where(eq(userRoles.user_id, joiner.user_id));
    expect(roles).toEqual([]);
  });
});

describe('storage_gb limit', () => {
  it('adds stored bytes and refuses growth past the limit, changing nothing', async () => {
    const { tenant } = await subscribedTenant({ storage_gb: 1 });
    const { db } = t.database;
    await db.transaction((tx) => addStorageBytes(tx, tenant.tenant_id, 512 * 1024 ** 2));
    expect((await usageOf(tenant.tenant_id)).current_usage).toMatchObject({ storage_gb: 0.5 });
    await expect(
      db.transaction((tx) => addStorageBytes(tx, tenant.tenant_id, 600 * 1024 ** 2)),
    ).rejects.toMatchObject({ status: 409 });
    expect((await usageOf(tenant.tenant_id)).current_usage).toMatchObject({ storage_gb: 0.5 });
    await db.transaction((tx) => addStorageBytes(tx, tenant.tenant_id, -512 * 1024 ** 2));
    expect((await usageOf(tenant.tenant_id)).current_usage).toMatchObject({ storage_gb: 0 });
  });
});
