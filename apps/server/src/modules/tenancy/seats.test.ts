import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseAccount } from '../../auth/session-routes';
import { mailOutbox, tenantSubscriptions, userRoles, users } from '../../db/schema';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const SUBS = '/api/user/tenant-subscriptions';
/** Seeded system roles: 13 individual (user view), 19 temp. */
const INDIVIDUAL = 13;
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function licensed(users = 10) {
  const tenant = await makeTenant(t.database);
  const admin = await makeUser(t.database);
  t.actAs(platformAdmin(admin.user_id));
  const created = await t.app.inject({
    method: 'POST',
    url: `${SUBS}/createSubscription`,
    payload: { tenant_id: tenant.tenant_id, limits: { users } },
  });
  expect(created.statusCode).toBe(201);
  await t.database.system
    .insert(userRoles)
    .values({ user_id: admin.user_id, role_id: 2, tenant_id: tenant.tenant_id });
  const subscriptionId: number = created.json().data.subscription_id;
  const asAdmin = () => t.actAs(tenantAdmin(admin.user_id, tenant.tenant_id));
  return { tenant, admin, subscriptionId, asAdmin };
}

async function usersUsage(tenantId: number): Promise<number> {
  const [row] = await t.database.system
    .select({ usage: tenantSubscriptions.current_usage })
    .from(tenantSubscriptions)
    .where(eq(tenantSubscriptions.tenant_id, tenantId));
  return Number((row?.usage as { users?: number } | undefined)?.users);
}

const liveRoles = (userId: number, tenantId: number) =>
  t.database.system
    .select({ role: userRoles.role_id })
    .from(userRoles)
    .where(
      and(eq(userRoles.user_id, userId), eq(userRoles.tenant_id, tenantId), eq(userRoles.is_deleted, false)),
    );

/** The link of the newest seat invitation mailed to this address. */
async function mailedLink(email: string): Promise<string> {
  // Mail is a job: the invitation arrives once the mail queue has run.
  await t.app.jobs.drain('mail.send');
  // Other mail may reach the same address meanwhile (a notification of a role granted): the newest
  // mail that carries an invitation link is the one.
  const mails = await t.database.system
    .select({ text: mailOutbox.text_body })
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, email))
    .orderBy(desc(mailOutbox.mail_id));
  const token = mails.map((mail) => mail.text.match(/\/([A-Za-z0-9_-]{43})\s/)?.[1]).find(Boolean);
  expect(token).toBeDefined();
  return token!;
}

/** The invited person accepts their mailed invitation (consent), as a verified member. */
async function accept(user: { user_id: number; email: string }) {
  await t.database.system.update(users).set({ email_verified: true }).where(eq(users.user_id, user.user_id));
  const token = await mailedLink(user.email);
  t.actAs(member(user.user_id, null));
  const accepted = await t.app.inject({ method: 'POST', url: `/api/invitations/acceptInvitation/${token}` });
  return accepted;
}

describe('seats of a subscription', () => {
  it('invites by email, takes the seat only when the person accepts, lists it with its roles, and revokes it', async () => {
    const { tenant, admin, subscriptionId, asAdmin } = await licensed();
    const joiner = await makeUser(t.database);
    asAdmin();
    const assigned = await t.app.inject({
      method: 'POST',
      url: `${SUBS}/assignSeat/${subscriptionId}`,
      payload: { email: joiner.email.toUpperCase(), role_id: INDIVIDUAL },
    });
    expect(assigned.statusCode).toBe(202);
    expect(assigned.json().data.message).toBe('Invitation sent. The seat is taken when they accept it.');
    expect(await liveRoles(joiner.user_id, tenant.tenant_id)).toEqual([]);
    expect((await accept(joiner)).json().data.status).toBe('applied');
    expect(await liveRoles(joiner.user_id, tenant.tenant_id)).toEqual([{ role: INDIVIDUAL }]);
    expect(await usersUsage(tenant.tenant_id)).toBe(2);
    asAdmin();

    const listed = await t.app.inject({
      method: 'GET',
      url: `${SUBS}/getSeats/${subscriptionId}?limit=1&page=2`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().meta).toMatchObject({
      page: 2,
      limit: 1,
      total: 2,
      totalPages: 2,
      tenant_id: tenant.tenant_id,
    });
    const searched = await t.app.inject({
      method: 'GET',
      url: `${SUBS}/getSeats/${subscriptionId}?search=${encodeURIComponent(joiner.username)}`,
    });
    expect(searched.json().data).toEqual([
      expect.objectContaining({
        user_id: joiner.user_id,
        email: joiner.email,
        roles: [expect.objectContaining({ role_id: INDIVIDUAL, role_name: 'individual' })],
      }),
    ]);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${joiner.user_id}`,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await liveRoles(joiner.user_id, tenant.tenant_id)).toEqual([]);
    expect(await usersUsage(tenant.tenant_id)).toBe(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${joiner.user_id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This user holds no seat in this organisation.');
    const own = await t.app.inject({
      method: 'DELETE',
      url: `${SUBS}/revokeSeat/${subscriptionId}/${admin.user_id}`,
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot revoke your own seat.');
  });

  it('refuses a seat past the users limit with 409 and writes nothing; a second role takes no new seat', async () => {
    const { tenant, subscriptionId, asAdmin } = await licensed(2);
    const [a, b] = [await makeUser(t.database), await makeUser(t.database)];
    asAdmin();
    const assign = (email: string, role_id = INDIVIDUAL) =>
      t.app.inject({
        method: 'POST',
        url: `${SUBS}/assignSeat/${subscriptionId}`,
        payload: { email, role_id },
      });
    expect((await assign(a.email)).statusCode).toBe(202);
    expect((await accept(a)).json().data.status).toBe('applied');
    asAdmin();
    expect((await assign(a.email, 16)).statusCode).toBe(202);
    expect((await accept(a)).json().data.status).toBe('applied');
    asAdmin();
    const full = await assign(b.email);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      'This organisation has used all 2 seats of its plan. Ask its administrator to upgrade.',
    );
    expect(await liveRoles(b.user_id, tenant.tenant_id)).toEqual([]);
    expect(await usersUsage(tenant.tenant_id)).toBe(2);
  });

  it('counts roles given through the users API as seats: refused past the limit, freed when removed', async () => {
    const { tenant, admin } = await licensed(2);
    const [a, b] = [await makeUser(t.database), await makeUser(t.database)];
    t.actAs(platformAdmin(admin.user_id, tenant.tenant_id));
    const give = (userId: number, roles: number[]) =>
      t.app.inject({ method: 'PUT', url: `/api/auth/updateAuthUser/${userId}`, payload: { roles } });
    expect((await give(a.user_id, [INDIVIDUAL])).statusCode).toBe(200);
    expect(await usersUsage(tenant.tenant_id)).toBe(2);
    const full = await give(b.user_id, [INDIVIDUAL]);
    expect(full.statusCode).toBe(409);
    expect(await liveRoles(b.user_id, tenant.tenant_id)).toEqual([]);
    expect((await give(a.user_id, [])).statusCode).toBe(200);
    expect(await usersUsage(tenant.tenant_id)).toBe(1);
    expect((await give(b.user_id, [INDIVIDUAL])).statusCode).toBe(200);
    expect(await usersUsage(tenant.tenant_id)).toBe(2);
  });

  it('frees the seats of an erased account', async () => {
    const { tenant, subscriptionId, asAdmin } = await licensed();
    const leaver = await makeUser(t.database);
    asAdmin();
    await t.app.inject({
      method: 'POST',
      url: `${SUBS}/assignSeat/${subscriptionId}`,
      payload: { email: leaver.email, role_id: INDIVIDUAL },
    });
    await accept(leaver);
    expect(await usersUsage(tenant.tenant_id)).toBe(2);
    await eraseAccount(t.database.db, leaver.user_id);
    expect(await usersUsage(tenant.tenant_id)).toBe(1);
  });

  it('answers an unknown email exactly like a known one, so it tells nobody who has an account', async () => {
    const { tenant, subscriptionId, asAdmin } = await licensed();
    const known = await makeUser(t.database);
    asAdmin();
    const assign = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: `${SUBS}/assignSeat/${subscriptionId}`,
        payload: { email, role_id: INDIVIDUAL },
      });
    const shape = (response: Awaited<ReturnType<typeof assign>>) => {
      const { email: _email, invitation_id: _id, expires_at: _at, ...rest } = response.json().data;
      return { status: response.statusCode, keys: Object.keys(response.json().data).sort(), rest };
    };
    const forKnown = await assign(known.email);
    const forUnknown = await assign('nobody-here@example.test');
    expect(shape(forUnknown)).toEqual(shape(forKnown));
    expect(forUnknown.statusCode).toBe(202);
    expect(forKnown.json().data).not.toHaveProperty('user_id');
    // Both addresses get the same invitation mail; nobody was added to the tenant.
    await mailedLink('nobody-here@example.test');
    await mailedLink(known.email);
    expect(await liveRoles(known.user_id, tenant.tenant_id)).toEqual([]);
  });

  it('refuses administrator roles (1, 2, 18) to a tenant administrator with 403, as invitations do', async () => {
    const { tenant, subscriptionId, asAdmin } = await licensed();
    const joiner = await makeUser(t.database);
    asAdmin();
    for (const role_id of [1, 2, 18]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `${SUBS}/assignSeat/${subscriptionId}`,
        payload: { email: joiner.email, role_id },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Only a platform administrator may invite people into an administrator role.',
      );
    }
    const mails = await t.database.system
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, joiner.email));
    expect(mails).toEqual([]);
    expect(await liveRoles(joiner.user_id, tenant.tenant_id)).toEqual([]);
  });

  it('answers the temp role and a custom role with 400, changing nothing', async () => {
    const { tenant, subscriptionId, asAdmin } = await licensed();
    const joiner = await makeUser(t.database);
    asAdmin();
    const assign = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `${SUBS}/assignSeat/${subscriptionId}`, payload });
    for (const role_id of [19, 999_999]) {
      const refused = await assign({ email: joiner.email, role_id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Choose a role of this organisation.');
    }
    expect((await assign({ email: 'not-an-email', role_id: INDIVIDUAL })).statusCode).toBe(400);
    expect((await assign({ email: joiner.email, role_id: INDIVIDUAL, user_id: 1 })).statusCode).toBe(400);
    const badQuery = await t.app.inject({
      method: 'GET',
      url: `${SUBS}/getSeats/${subscriptionId}?limit=1000`,
    });
    expect(badQuery.statusCode).toBe(400);
    expect(await liveRoles(joiner.user_id, tenant.tenant_id)).toEqual([]);
  });

  it('is for the tenant admins and platform admins only: 401 signed out, 403 member, 404 another tenant', async () => {
    const { tenant, subscriptionId } = await licensed();
    const other = await licensed();
    const joiner = await makeUser(t.database);
    const calls = [
      { method: 'GET' as const, url: `${SUBS}/getSeats/${subscriptionId}` },
      {
        method: 'POST' as const,
        url: `${SUBS}/assignSeat/${subscriptionId}`,
        payload: { email: joiner.email, role_id: INDIVIDUAL },
      },
      { method: 'DELETE' as const, url: `${SUBS}/revokeSeat/${subscriptionId}/${joiner.user_id}` },
    ];
    for (const call of calls) {
      t.actAs(null);
      expect((await t.app.inject(call)).statusCode).toBe(401);
      t.actAs(member(joiner.user_id, tenant.tenant_id));
      expect((await t.app.inject(call)).statusCode).toBe(403);
      other.asAdmin();
      const foreign = await t.app.inject(call);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Subscription not found.');
    }
    expect(await liveRoles(joiner.user_id, tenant.tenant_id)).toEqual([]);
    t.actAs(platformAdmin(other.admin.user_id));
    expect((await t.app.inject(calls[0]!)).statusCode).toBe(200);
  });
});
