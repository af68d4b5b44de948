import { AUTH_COOKIE, INVITATION_MESSAGES, USER_MESSAGES } from '@nexus/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHelpers } from '../../auth/auth-flow.fixture';
import { mailOutbox, userRoles } from '../../db/schema';
import { makeMenu, makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { ADMIN_CENTER_MENU } from './policy';

/** Issue 23 point 7: what the tenant admin center relies on, tried as the right and the wrong callers. */
let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());
const { ipFor, post, cookieOf, userWithPassword } = authHelpers(() => t);

const OPS = '/operations/user';
const MENUS = '/operations/system/customMenus';
const SUBS = '/api/user/tenant-subscriptions';
const INV = '/api/invitations';
const STUDENT = 15;
const TENANT_ADMIN = 2;

async function grant(userId: number, roleId: number, tenantId: number) {
  await t.database.system.insert(userRoles).values({ user_id: userId, role_id: roleId, tenant_id: tenantId });
}

const liveRoles = async (userId: number, tenantId: number) =>
  (
    await t.database.system
      .select({ role: userRoles.role_id })
      .from(userRoles)
      .where(
        and(
          eq(userRoles.user_id, userId),
          eq(userRoles.tenant_id, tenantId),
          eq(userRoles.is_deleted, false),
        ),
      )
  ).map((row) => row.role);

describe('a custom role assigned to a member', () => {
  it('changes what the member may call on their next request, without signing in again', async () => {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    await grant(admin.user_id, TENANT_ADMIN, tenant.tenant_id);
    const adminCenter = await makeMenu(t.database, { menu_name: 'Admin Center', path: ADMIN_CENTER_MENU });
    const { user, password } = await userWithPassword();
    await grant(user.user_id, STUDENT, tenant.tenant_id);
    t.actAs(null);
    const cookie = cookieOf(
      await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }),
    )!;
    const createMenu = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: `${MENUS}/createMenu`,
        headers: { cookie: `${AUTH_COOKIE}=${cookie}`, 'x-tenant-id': String(tenant.tenant_id) },
        payload: { menu_name: name, path: '/lxp' },
      });
    expect((await createMenu('Before')).statusCode).toBe(403);

    // The tenant admin gives the member a custom role that grants the admin center menu.
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const role = await t.app.inject({
      method: 'POST',
      url: `${OPS}/customRole/create`,
      payload: { role_name: 'menu-keeper', display_name: 'Menu keeper' },
    });
    expect(role.statusCode).toBe(201);
    const roleId: number = role.json().data.role_id;
    const privilege = await t.app.inject({
      method: 'POST',
      url: `${OPS}/customRolePrivilege/create`,
      payload: { role_id: roleId, privilege_menu_id: adminCenter.menu_id },
    });
    expect(privilege.statusCode).toBe(201);
    const group = await t.app.inject({
      method: 'POST',
      url: `${OPS}/groupUsers/createGroupUser`,
      payload: { user_id: user.user_id, role_ids: [roleId], group_name: 'Editors' },
    });
    expect(group.statusCode).toBe(201);

    t.actAs(null);
    const after = await createMenu('After');
    expect(after.statusCode).toBe(201);
    expect(after.json().data.menu_name).toBe('After');

    // Taking the membership away refuses the next request again.
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${OPS}/groupUsers/deleteGroupUser/${group.json().data.table_id}/${admin.user_id}`,
    });
    expect(removed.statusCode).toBe(200);
    t.actAs(null);
    expect((await createMenu('Again')).statusCode).toBe(403);
  });
});

describe('an organisation keeps an administrator', () => {
  async function licensedTenant() {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    await grant(admin.user_id, TENANT_ADMIN, tenant.tenant_id);
    const root = await makeUser(t.database, { is_platform_admin: true });
    t.actAs(platformAdmin(root.user_id));
    const created = await t.app.inject({
      method: 'POST',
      url: `${SUBS}/createSubscription`,
      payload: { tenant_id: tenant.tenant_id },
    });
    expect(created.statusCode).toBe(201);
    return { tenant, admin, root, subscriptionId: created.json().data.subscription_id as number };
  }

  it('refuses removing the last administrator from the tenant (revokeSeat) with 409 and changes nothing', async () => {
    const { tenant, admin, root, subscriptionId } = await licensedTenant();
    t.actAs(platformAdmin(root.user_id, tenant.tenant_id));
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${admin.user_id}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USER_MESSAGES.lastTenantAdmin);
    expect(await liveRoles(admin.user_id, tenant.tenant_id)).toEqual([TENANT_ADMIN]);

    // With a second administrator the first one can go.
    const second = await makeUser(t.database);
    await grant(second.user_id, TENANT_ADMIN, tenant.tenant_id);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${admin.user_id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await liveRoles(admin.user_id, tenant.tenant_id)).toEqual([]);
  });

  it('refuses taking the last administrator role away through updateUser roles', async () => {
    const { tenant, admin, root } = await licensedTenant();
    t.actAs(platformAdmin(root.user_id, tenant.tenant_id));
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/operations/global-user/users/updateUser/${admin.user_id}`,
      payload: { roles: [STUDENT] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(USER_MESSAGES.lastTenantAdmin);
    expect(await liveRoles(admin.user_id, tenant.tenant_id)).toEqual([TENANT_ADMIN]);
  });

  it('lets a tenant admin change a member’s roles and remove a member, but not another tenant’s', async () => {
    const { tenant, admin, subscriptionId } = await licensedTenant();
    const other = await licensedTenant();
    const person = await makeUser(t.database);
    await grant(person.user_id, STUDENT, tenant.tenant_id);
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/operations/global-user/users/updateUser/${person.user_id}`,
      payload: { roles: [14] },
    });
    expect(changed.statusCode).toBe(200);
    expect(await liveRoles(person.user_id, tenant.tenant_id)).toEqual([14]);

    // Another tenant's admin, a plain member and a signed-out caller change nothing.
    t.actAs(tenantAdmin(other.admin.user_id, other.tenant.tenant_id));
    const wrongTenant = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${person.user_id}`,
    });
    expect(wrongTenant.statusCode).toBe(404);
    t.actAs(member(person.user_id, tenant.tenant_id));
    const asMember = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${admin.user_id}`,
    });
    expect(asMember.statusCode).toBe(403);
    t.actAs(null);
    const signedOut = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${person.user_id}`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await liveRoles(person.user_id, tenant.tenant_id)).toEqual([14]);

    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${person.user_id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await liveRoles(person.user_id, tenant.tenant_id)).toEqual([]);
  });
});

describe('pending invitations of an organisation', () => {
  async function invited() {
    const tenant = await makeTenant(t.database);
    const admin = await makeUser(t.database);
    await grant(admin.user_id, TENANT_ADMIN, tenant.tenant_id);
    const email = `invitee-${tenant.tenant_id}@example.test`;
    t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
    const created = await t.app.inject({
      method: 'POST',
      url: `${INV}/createInvitation`,
      payload: { role_id: STUDENT, tenant_id: tenant.tenant_id, email },
    });
    expect(created.statusCode).toBe(201);
    const url: string = created.json().data.url;
    return {
      tenant,
      admin,
      email,
      id: created.json().data.invitation_id as number,
      token: url.slice(url.lastIndexOf('/') + 1),
    };
  }

  const list = () => t.app.inject({ method: 'GET', url: `${INV}/getTenantInvitations?pending=true` });
  const resend = (id: number) => t.app.inject({ method: 'POST', url: `${INV}/resendInvitation/${id}` });

  it('lists the tenant’s pending invitations to its admins only', async () => {
    const a = await invited();
    const b = await invited();
    t.actAs(tenantAdmin(a.admin.user_id, a.tenant.tenant_id));
    const mine = await list();
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((row: { invitation_id: number }) => row.invitation_id)).toEqual([a.id]);
    expect(mine.json().data[0]).toMatchObject({ email: a.email, status: 'valid' });

    t.actAs(tenantAdmin(b.admin.user_id, b.tenant.tenant_id));
    const theirs = await list();
    expect(theirs.json().data.map((row: { invitation_id: number }) => row.invitation_id)).toEqual([b.id]);
    const person = await makeUser(t.database);
    t.actAs(member(person.user_id, a.tenant.tenant_id));
    expect((await list()).statusCode).toBe(403);
    t.actAs(null);
    expect((await list()).statusCode).toBe(401);
  });

  it('sends an invitation again with a new link and mails it; the old link stops working', async () => {
    const a = await invited();
    t.actAs(tenantAdmin(a.admin.user_id, a.tenant.tenant_id));
    const sent = await resend(a.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ message: INVITATION_MESSAGES.resent, url: null });
    expect(sent.json().data.invitation).toMatchObject({ invitation_id: a.id, status: 'valid' });
    await t.app.jobs.drain('mail.send');
    const [mail] = await t.database.system
      .select({ text: mailOutbox.text_body })
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, a.email))
      .orderBy(desc(mailOutbox.mail_id))
      .limit(1);
    const token = mail?.text.match(/\/([A-Za-z0-9_-]{43})\s/)?.[1];
    expect(token).toBeDefined();
    expect(token).not.toBe(a.token);
    t.actAs(null);
    const old = await t.app.inject({ method: 'GET', url: `${INV}/getInvitation/${a.token}` });
    expect(old.json().data.status).toBe('not_found');
    const fresh = await t.app.inject({ method: 'GET', url: `${INV}/getInvitation/${token}` });
    expect(fresh.json().data.status).toBe('valid');
  });

  it('refuses another tenant’s admin (404), a member (404), signed out (401), and a withdrawn invitation (409)', async () => {
    const a = await invited();
    const b = await invited();
    t.actAs(tenantAdmin(b.admin.user_id, b.tenant.tenant_id));
    const wrongTenant = await resend(a.id);
    expect(wrongTenant.statusCode).toBe(404);
    expect(wrongTenant.json().message).toBe((await resend(2_000_000)).json().message);
    const person = await makeUser(t.database);
    t.actAs(member(person.user_id, a.tenant.tenant_id));
    expect((await resend(a.id)).statusCode).toBe(404);
    t.actAs(null);
    expect((await resend(a.id)).statusCode).toBe(401);

    t.actAs(tenantAdmin(a.admin.user_id, a.tenant.tenant_id));
    expect((await t.app.inject({ method: 'PUT', url: `${INV}/revokeInvitation/${a.id}` })).statusCode).toBe(
      200,
    );
    const revoked = await resend(a.id);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().message).toBe(INVITATION_MESSAGES.notPending);
    t.actAs(null);
    const link = await t.app.inject({ method: 'GET', url: `${INV}/getInvitation/${a.token}` });
    expect(link.json().data.status).toBe('revoked');
  });
});
