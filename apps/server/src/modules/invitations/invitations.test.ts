import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/api/invitations';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function create(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${BASE}/createInvitation`, payload });
}

async function invitationsBy(userId: number) {
  return t.database.db.select().from(invitations).where(eq(invitations.created_by, userId));
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

describe('createInvitation', () => {
  it('answers a link whose token is 43 base64url characters and stores only its SHA-256', async () => {
    const admin = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const response = await create({
      role_id: 2,
      tenant_id: tenant.tenant_id,
      email: 'Lead@Example.test',
      expires_in_days: 7,
      max_uses: 3,
    });
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.url).toMatch(/^http:\/\/localhost:8080\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(data.url);
    const [row] = await invitationsBy(admin.user_id);
    expect(row).toMatchObject({
      invitation_id: data.invitation_id,
      role_id: 2,
      tenant_id: tenant.tenant_id,
      email: 'lead@example.test',
      max_uses: 3,
      uses: 0,
      token_hash: createHash('sha256').update(token).digest('hex'),
    });
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('lets a tenant admin invite user roles into their own tenant only', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    expect((await create({ role_id: 15, tenant_id: tenant.tenant_id })).statusCode).toBe(201);
    const elsewhere = await create({ role_id: 15, tenant_id: other.tenant_id });
    expect(elsewhere.statusCode).toBe(403);
    const adminRole = await create({ role_id: 18, tenant_id: tenant.tenant_id });
    expect(adminRole.statusCode).toBe(403);
    expect(adminRole.json().message).toContain('platform administrator');
    // On the main platform a tenant admin is a member like any other.
    expect((await create({ role_id: 3 })).statusCode).toBe(403);
    expect(await invitationsBy(admin.user_id)).toHaveLength(1);
  });

  it('lets a member invite people as Individuals on the main platform, nothing more', async () => {
    const me = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    t.actAs(member(me.user_id, null));
    expect((await create({ role_id: 13 })).statusCode).toBe(201);
    expect((await create({ role_id: 3 })).statusCode).toBe(403);
    expect((await create({ role_id: 13, tenant_id: tenant.tenant_id })).statusCode).toBe(403);
    const newcomer = await makeUser(t.database);
    t.actAs({
      ...member(newcomer.user_id, null),
      roles: [{ roleId: 19, roleName: 'temp', roleView: 'user', tenantId: null }],
    });
    expect((await create({ role_id: 13 })).statusCode).toBe(403);
    expect(await invitationsBy(newcomer.user_id)).toHaveLength(0);
  });

  it('never invites into the platform admin, temp or a custom role, and an admin role needs a tenant', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    for (const role_id of [1, 19, 999_999]) {
      const response = await create({ role_id });
      expect(response.statusCode, String(role_id)).toBe(400);
      expect(response.json().details[0].path).toBe('role_id');
    }
    const noTenant = await create({ role_id: 2 });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().details[0].path).toBe('tenant_id');
    const unknownTenant = await create({ role_id: 2, tenant_id: 2_000_000_000 });
    expect(unknownTenant.json().details[0].path).toBe('tenant_id');
    expect(await invitationsBy(admin.user_id)).toHaveLength(0);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    for (const [payload, field] of [
      [{ role_id: 13, expires_in_days: 0 }, 'expires_in_days'],
      [{ role_id: 13, expires_in_days: 91 }, 'expires_in_days'],
      [{ role_id: 13, max_uses: 0 }, 'max_uses'],
      [{ role_id: 13, max_uses: 1001 }, 'max_uses'],
      [{ role_id: 13, email: 'not-an-address' }, 'email'],
      [{ role_id: 'investor' }, 'role_id'],
      [{}, 'role_id'],
      [{ role_id: 13, uses: 5 }, ''],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(response.json().details[0].path).toBe(field);
    }
    const email = await create({ role_id: 13, email: 'not-an-address' });
    expect(email.json().message).toBe('Invalid body: email: Enter a valid email address.');
    expect(await invitationsBy(admin.user_id)).toHaveLength(0);
  });

  it('needs a session', async () => {
    t.actAs(null);
    expect((await create({ role_id: 13 })).statusCode).toBe(401);
  });
});

describe('getInvitation', () => {
  it('tells anyone the state, role and organisation, nothing else', async () => {
    const admin = await makeUser(t.database);
    const tenant = await makeTenant(t.database, { tenant_name: 'Riverside Labs' });
    t.actAs(platformAdmin(admin.user_id));
    const { data } = (await create({ role_id: 15, tenant_id: tenant.tenant_id, email: 'a@b.test' })).json();
    t.actAs(null);
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/getInvitation/${tokenOf(data.url)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { status: 'valid', role_display_name: 'Student', tenant_name: 'Riverside Labs' },
    });
  });

  it('answers not_found for an unknown token and 400 for something that is not a token', async () => {
    t.actAs(null);
    const unknown = await t.app.inject({ method: 'GET', url: `${BASE}/getInvitation/${'A'.repeat(43)}` });
    expect(unknown.json().data).toEqual({ status: 'not_found', role_display_name: null, tenant_name: null });
    const bad = await t.app.inject({ method: 'GET', url: `${BASE}/getInvitation/short` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('hash');
  });

  it('reports expired, used and revoked links', async () => {
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push(tokenOf((await create({ role_id: 13 })).json().data.url));
    const rows = await invitationsBy(admin.user_id);
    const [a, b, c] = [...rows].sort((x, y) => x.invitation_id - y.invitation_id);
    await t.database.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations.invitation_id, a!.invitation_id));
    await t.database.db
      .update(invitations)
      .set({ uses: 1 })
      .where(eq(invitations.invitation_id, b!.invitation_id));
    await t.database.db
      .update(invitations)
      .set({ revoked_at: new Date() })
      .where(eq(invitations.invitation_id, c!.invitation_id));
    t.actAs(null);
    const statuses = [];
    for (const token of tokens) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: `${BASE}/getInvitation/${token}` })).json().data.status,
      );
    }
    expect(statuses).toEqual(['expired', 'used', 'revoked']);
  });
});

describe('getInvitations and revokeInvitation', () => {
  it("lists the caller's own invitations, newest first, with list meta", async () => {
    const me = await makeUser(t.database);
    const someoneElse = await makeUser(t.database);
    t.actAs(member(someoneElse.user_id, null));
    await create({ role_id: 13 });
    t.actAs(member(me.user_id, null));
    for (let i = 0; i < 3; i++) await create({ role_id: 13, max_uses: i + 1 });
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getInvitations`,
      query: { limit: '2' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, totalExact: true });
    expect(body.data.map((i: { max_uses: number }) => i.max_uses)).toEqual([3, 2]);
    expect(body.data[0]).toMatchObject({
      role_id: 13,
      role_display_name: 'Individual',
      tenant_id: null,
      tenant_name: null,
      uses: 0,
      status: 'valid',
      revoked_at: null,
    });
    expect(body.data[0]).not.toHaveProperty('token_hash');
    const all = await t.app.inject({ method: 'GET', url: `${BASE}/getInvitations`, query: { limit: '-1' } });
    expect(all.json().data).toHaveLength(3);
    const bad = await t.app.inject({ method: 'GET', url: `${BASE}/getInvitations`, query: { limit: '0' } });
    expect(bad.statusCode).toBe(400);
  });

  it('revokes an own invitation (idempotently) and hides others behind a 404', async () => {
    const owner = await makeUser(t.database);
    t.actAs(member(owner.user_id, null));
    const { data } = (await create({ role_id: 13 })).json();
    const url = `${BASE}/revokeInvitation/${data.invitation_id}`;
    const stranger = await makeUser(t.database);
    t.actAs(member(stranger.user_id, null));
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(404);
    t.actAs(null);
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(401);
    t.actAs(member(owner.user_id, null));
    const first = await t.app.inject({ method: 'PUT', url });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    const again = await t.app.inject({ method: 'PUT', url });
    expect(again.json().data.revoked_at).toBe(first.json().data.revoked_at);
    const preview = await t.app.inject({ method: 'GET', url: `${BASE}/getInvitation/${tokenOf(data.url)}` });
    expect(preview.json().data.status).toBe('revoked');
  });

  it("lets a tenant admin revoke their tenant's invitations", async () => {
    const tenant = await makeTenant(t.database);
    const platform = await makeUser(t.database);
    t.actAs(platformAdmin(platform.user_id));
    const { data } = (await create({ role_id: 15, tenant_id: tenant.tenant_id })).json();
    const admin = await makeUser(t.database);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const url = `${BASE}/revokeInvitation/${data.invitation_id}`;
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(200);
    const other = await makeTenant(t.database);
    t.actAs(tenantAdmin(admin.user_id, other.tenant_id));
    expect((await t.app.inject({ method: 'PUT', url })).statusCode).toBe(404);
  });
});
