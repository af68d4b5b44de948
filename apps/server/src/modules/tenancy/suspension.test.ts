import { ERROR_CODES, PLANS, TENANT_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, tenantSubscriptions, tenants } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/api/user/tenants';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, payload });

async function tenantRow(tenantId: number) {
  const [row] = await t.database.system.select().from(tenants).where(eq(tenants.tenant_id, tenantId));
  return row!;
}

describe('suspending and resuming an organisation (issue 23 point 8)', () => {
  it("refuses its members' calls in its context with a clear message until it is resumed", async () => {
    const admin = await makeUser(t.database);
    const owner = await makeUser(t.database);
    const learner = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    const inside = `${BASE}/getTenant/${tenant.tenant_id}`;

    t.actAs(platformAdmin(admin.user_id));
    const suspended = await call('PUT', `${BASE}/suspendTenant/${tenant.tenant_id}`);
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data.suspended_at).toEqual(expect.any(String));
    expect(await tenantRow(tenant.tenant_id)).toMatchObject({ suspended_by: admin.user_id });

    for (const actor of [
      tenantAdmin(owner.user_id, tenant.tenant_id),
      member(learner.user_id, tenant.tenant_id),
    ]) {
      t.actAs(actor);
      for (const [method, url] of [
        ['GET', inside],
        ['PUT', `${BASE}/updateTenant/${tenant.tenant_id}`],
      ] as const) {
        const refused = await call(method, url, method === 'PUT' ? { tenant_name: 'Renamed' } : undefined);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({
          code: ERROR_CODES.tenantSuspended,
          message: TENANT_MESSAGES.suspended,
        });
      }
      // They can still list their organisations (to switch away) and use the main platform.
      expect((await call('GET', `${BASE}/getUserTenants/${actor.userId}`)).statusCode).toBe(200);
      t.actAs({ ...actor, tenantId: null });
      expect((await call('GET', `${BASE}/getUserTenants/${actor.userId}`)).statusCode).toBe(200);
    }
    expect((await tenantRow(tenant.tenant_id)).tenant_name).toBe(tenant.tenant_name);

    // A platform administrator may still work in it, to fix it.
    t.actAs(platformAdmin(admin.user_id, tenant.tenant_id));
    expect((await call('GET', inside)).statusCode).toBe(200);

    t.actAs(platformAdmin(admin.user_id));
    const twice = await call('PUT', `${BASE}/suspendTenant/${tenant.tenant_id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TENANT_MESSAGES.alreadySuspended);
    const resumed = await call('PUT', `${BASE}/resumeTenant/${tenant.tenant_id}`, {});
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().data.suspended_at).toBeNull();
    expect((await call('PUT', `${BASE}/resumeTenant/${tenant.tenant_id}`)).statusCode).toBe(409);

    t.actAs(member(learner.user_id, tenant.tenant_id));
    expect((await call('GET', inside)).statusCode).toBe(200);

    const events = await t.database.system
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'tenants'), eq(auditEvents.tenant_id, tenant.tenant_id)))
      .orderBy(auditEvents.audit_id);
    expect(events.map((event) => event.action)).toEqual(['suspend', 'resume']);
  });

  it('is a platform administrator’s call: its tenant admin, a member and the signed-out are refused', async () => {
    const owner = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    for (const actor of [
      tenantAdmin(owner.user_id, tenant.tenant_id),
      tenantAdmin(owner.user_id, null as unknown as number),
      member(owner.user_id, null),
      null,
    ]) {
      t.actAs(actor);
      const response = await call('PUT', `${BASE}/suspendTenant/${tenant.tenant_id}`);
      expect(response.statusCode).toBe(actor ? 403 : 401);
    }
    expect((await tenantRow(tenant.tenant_id)).suspended_at).toBeNull();
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    expect((await call('PUT', `${BASE}/suspendTenant/999999999`)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/suspendTenant/abc`)).statusCode).toBe(400);
  });
});

describe('createTenant with a plan', () => {
  it('starts a platform administrator’s new organisation on the chosen plan', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await call('POST', `${BASE}/createTenant`, {
      tenant_type: 'corporate',
      tenant_name: `Client ${unique()}`,
      plan: 'standard',
    });
    expect(response.statusCode).toBe(201);
    const [subscription] = await t.database.system
      .select()
      .from(tenantSubscriptions)
      .where(eq(tenantSubscriptions.tenant_id, response.json().data.tenant_id));
    expect(subscription).toMatchObject({ plan: 'standard', limits: { ...PLANS.standard } });
  });

  it('lets anyone else found one on the free plan only, and names a bad plan', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const name = `Client ${unique()}`;
    const paid = await call('POST', `${BASE}/createTenant`, {
      tenant_type: 'corporate',
      tenant_name: name,
      plan: 'enterprise',
    });
    expect(paid.statusCode).toBe(403);
    expect(paid.json().message).toBe(TENANT_MESSAGES.planForAdmins);
    const bad = await call('POST', `${BASE}/createTenant`, {
      tenant_type: 'corporate',
      tenant_name: name,
      plan: 'gold',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('plan');
    expect(await t.database.system.select().from(tenants).where(eq(tenants.tenant_name, name))).toEqual([]);
    const free = await call('POST', `${BASE}/createTenant`, {
      tenant_type: 'corporate',
      tenant_name: name,
      plan: 'free',
    });
    expect(free.statusCode).toBe(201);
  });
});
