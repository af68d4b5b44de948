import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { invitations, invitationUses, userRoles, users } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';

const BASE = '/api/invitations';
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
/** Actors by id, chosen per request with a header, so concurrent requests can be different people. */
const actors = new Map<string, Actor>();
let nextKey = 0;

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  app = await buildApp({
    database,
    resolveActor: (request) => actors.get(String(request.headers['x-test-actor'])) ?? null,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

function as(actor: Actor | null): Record<string, string> {
  if (!actor) return {};
  const key = String(nextKey++);
  actors.set(key, actor);
  return { 'x-test-actor': key };
}

async function invite(payload: Record<string, unknown>, by?: Actor): Promise<{ token: string; id: number }> {
  const admin = by ?? platformAdmin((await makeUser(database)).user_id);
  const response = await app.inject({
    method: 'POST',
    url: `${BASE}/createInvitation`,
    headers: as(admin),
    payload,
  });
  expect(response.statusCode).toBe(201);
  const { url, invitation_id } = response.json().data;
  return { token: url.slice(url.lastIndexOf('/') + 1), id: invitation_id };
}

async function accept(token: string, actor: Actor | null) {
  return app.inject({ method: 'POST', url: `${BASE}/acceptInvitation/${token}`, headers: as(actor) });
}

/** A newcomer: signed up, holding only the temporary role, as sign-up leaves them. */
async function newcomer(overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await makeUser(database, { active_role_id: 19, ...overrides });
  await database.db.insert(userRoles).values({ user_id: user.user_id, role_id: 19 });
  return user;
}

async function rolesOf(userId: number) {
  const rows = await database.db
    .select({ role_id: userRoles.role_id, tenant_id: userRoles.tenant_id })
    .from(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.is_deleted, false)));
  return rows.sort((a, b) => a.role_id - b.role_id);
}

async function usesOf(id: number) {
  const [row] = await database.db.select().from(invitations).where(eq(invitations.invitation_id, id));
  return row!.uses;
}

describe('acceptInvitation', () => {
  it('grants the role in its tenant, drops the temp role, sets the active role and counts the use', async () => {
    const tenant = await makeTenant(database);
    const { token, id } = await invite({ role_id: 15, tenant_id: tenant.tenant_id });
    const user = await newcomer();
    const response = await accept(token, member(user.user_id, null));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'applied',
      role_id: 15,
      role_display_name: 'Student',
      tenant_id: tenant.tenant_id,
    });
    expect(await rolesOf(user.user_id)).toEqual([{ role_id: 15, tenant_id: tenant.tenant_id }]);
    const [row] = await database.db.select().from(users).where(eq(users.user_id, user.user_id));
    expect(row?.active_role_id).toBe(15);
    expect(await usesOf(id)).toBe(1);
  });

  it('applies once per user: a second accept changes nothing and spends no use', async () => {
    const { token, id } = await invite({ role_id: 13, max_uses: 5 });
    const user = await newcomer();
    expect((await accept(token, member(user.user_id, null))).json().data.status).toBe('applied');
    const again = await accept(token, member(user.user_id, null));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('already_applied');
    expect(await usesOf(id)).toBe(1);
    const uses = await database.db.select().from(invitationUses).where(eq(invitationUses.invitation_id, id));
    expect(uses).toHaveLength(1);
  });

  it('spends no use on someone who already holds the role, and keeps their active role', async () => {
    const { token, id } = await invite({ role_id: 13 });
    const user = await makeUser(database, { active_role_id: 3 });
    await database.db.insert(userRoles).values([
      { user_id: user.user_id, role_id: 3 },
      { user_id: user.user_id, role_id: 13 },
    ]);
    expect((await accept(token, member(user.user_id, null))).json().data.status).toBe('already_applied');
    expect(await usesOf(id)).toBe(0);
    const other = await makeUser(database, { active_role_id: 3 });
    await database.db.insert(userRoles).values({ user_id: other.user_id, role_id: 3 });
    expect((await accept(token, member(other.user_id, null))).json().data.status).toBe('applied');
    const [row] = await database.db.select().from(users).where(eq(users.user_id, other.user_id));
    expect(row?.active_role_id).toBe(3);
  });

  it('brings back a role that was removed (soft-deleted) before', async () => {
    const { token } = await invite({ role_id: 13 });
    const user = await makeUser(database);
    await database.db.insert(userRoles).values({ user_id: user.user_id, role_id: 13, is_deleted: true });
    expect((await accept(token, member(user.user_id, null))).json().data.status).toBe('applied');
    expect(await rolesOf(user.user_id)).toEqual([{ role_id: 13, tenant_id: null }]);
  });

  it('answers 410 with a clear message for expired, used up and revoked links, changing nothing', async () => {
    const expired = await invite({ role_id: 13 });
    await database.db
      .update(invitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(invitations.invitation_id, expired.id));
    const used = await invite({ role_id: 13 });
    const first = await newcomer();
    await accept(used.token, member(first.user_id, null));
    const revoked = await invite({ role_id: 13 });
    await database.db
      .update(invitations)
      .set({ revoked_at: new Date() })
      .where(eq(invitations.invitation_id, revoked.id));
    const user = await newcomer();
    const cases: [string, RegExp][] = [
      [expired.token, /expired/],
      [used.token, /already been used/],
      [revoked.token, /withdrawn/],
    ];
    for (const [token, message] of cases) {
      const response = await accept(token, member(user.user_id, null));
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toMatch(message);
    }
    expect(await rolesOf(user.user_id)).toEqual([{ role_id: 19, tenant_id: null }]);
    expect(await usesOf(used.id)).toBe(1);
  });

  it('keeps an invitation sent to an address for that address', async () => {
    const { token, id } = await invite({ role_id: 13, email: 'invited@example.test' });
    const wrong = await newcomer();
    const refused = await accept(token, member(wrong.user_id, null));
    expect(refused.statusCode).toBe(403);
    expect(await usesOf(id)).toBe(0);
    const right = await newcomer({
      email: 'invited@example.test',
      username: `invited_${Date.now()}`,
      email_verified: true,
    });
    expect((await accept(token, member(right.user_id, null))).statusCode).toBe(200);
  });

  it('accepts an invitation bound to an address only once that address is verified', async () => {
    const { token, id } = await invite({ role_id: 13, email: 'unverified@example.test' });
    const holder = await newcomer({
      email: 'unverified@example.test',
      username: `unverified_${Date.now()}`,
      email_verified: false,
    });
    const refused = await accept(token, member(holder.user_id, null));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Confirm your email address before accepting this invitation.');
    expect(await usesOf(id)).toBe(0);
    await database.db.update(users).set({ email_verified: true }).where(eq(users.user_id, holder.user_id));
    expect((await accept(token, member(holder.user_id, null))).statusCode).toBe(200);
  });

  it('answers 404 for an unknown token, 400 for a malformed one and 401 when signed out', async () => {
    const user = await newcomer();
    expect((await accept('B'.repeat(43), member(user.user_id, null))).statusCode).toBe(404);
    expect((await accept('not-a-token', member(user.user_id, null))).statusCode).toBe(400);
    const { token, id } = await invite({ role_id: 13 });
    expect((await accept(token, null)).statusCode).toBe(401);
    expect(await usesOf(id)).toBe(0);
  });

  it('never lets concurrent accepts exceed max_uses', async () => {
    const { token, id } = await invite({ role_id: 13, max_uses: 3 });
    const people = await Promise.all(Array.from({ length: 8 }, () => newcomer()));
    const responses = await Promise.all(people.map((person) => accept(token, member(person.user_id, null))));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 410, 410, 410, 410, 410]);
    expect(await usesOf(id)).toBe(3);
    const granted = await database.db
      .select()
      .from(invitationUses)
      .where(eq(invitationUses.invitation_id, id));
    expect(granted).toHaveLength(3);
  });
});
