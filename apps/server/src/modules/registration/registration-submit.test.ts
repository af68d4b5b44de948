import { REGISTRATION_TYPES, TEMP_ROLE_ID } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations, userRoles, users } from '../../db/schema';
import { makeUser, platformAdmin } from '../../test/factories';
import { makeApp, runAsOwner, type TestApp } from '../../test/make-app';
import { REGISTRATION_BASE } from './routes';
import { makeNewcomer, VALID_FORMS } from './test-payloads';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const submit = (roleType: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${REGISTRATION_BASE}/submit/${roleType}`, payload });

async function rolesOf(userId: number) {
  const rows = await t.database.db
    .select({ role_id: userRoles.role_id, tenant_id: userRoles.tenant_id })
    .from(userRoles)
    .where(eq(userRoles.user_id, userId));
  return rows.map((row) => row.role_id).sort((a, b) => a - b);
}

async function userRow(userId: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.user_id, userId));
  return row!;
}

describe('registration submit', () => {
  it.each(REGISTRATION_TYPES.map((type) => [type.roleType, type.roleId, type.form] as const))(
    'submits the %s form: role %i on the main platform, temp dropped, role active',
    async (roleType, roleId, form) => {
      const { actor } = await makeNewcomer(t.database);
      t.actAs(actor);
      const response = await submit(roleType, VALID_FORMS[form]);
      expect(response.statusCode, response.body).toBe(200);
      const { registration, user } = response.json().data;
      expect(registration).toMatchObject({ role_type: roleType, status: 'submitted', user_id: actor.userId });
      expect(registration.submitted_at).toEqual(expect.any(String));
      expect(user.roles).toEqual([
        expect.objectContaining({ role_id: roleId, role_name: roleType, tenant_id: null }),
      ]);
      expect(user.active_role).toMatchObject({ role_id: roleId, role_view: 'user' });
      expect(await rolesOf(actor.userId)).toEqual([roleId]);
      const row = await userRow(actor.userId);
      expect(row.active_role_id).toBe(roleId);
      expect(row.registration_redirect).toBeNull();
    },
  );

  it('submits the generic form for another user role (mentor, 16)', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const response = await submit('mentor', VALID_FORMS.generic);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.active_role).toMatchObject({ role_id: 16, role_name: 'mentor' });
    expect(await rolesOf(actor.userId)).toEqual([16]);
  });

  it('turns the saved draft into the submission (one row)', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    await t.app.inject({
      method: 'PUT',
      url: `${REGISTRATION_BASE}/saveDraft/diaspora`,
      payload: { profession: 'Draft' },
    });
    await submit('diaspora', VALID_FORMS.diaspora);
    const rows = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.user_id, actor.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'submitted', data: VALID_FORMS.diaspora });
  });

  it('rejects an incomplete form with 400 naming each field, and changes nothing', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const response = await submit('investor', {
      ...VALID_FORMS.investor,
      ticket_min: 900_000,
      stages: [],
      investment_thesis: undefined,
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['ticket_max', 'stages', 'investment_thesis']));
    expect(response.json().message).toContain('ticket_max: The maximum ticket must be at least the minimum.');
    expect(await rolesOf(actor.userId)).toEqual([TEMP_ROLE_ID]);
    const rows = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.user_id, actor.userId));
    expect(rows).toHaveLength(0);
    expect((await userRow(actor.userId)).active_role_id).toBe(TEMP_ROLE_ID);
  });

  it('is idempotent: a second submit updates the form and grants no second role', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const first = await submit('volunteer', VALID_FORMS.volunteer);
    const second = await submit('volunteer', { ...VALID_FORMS.volunteer, hours_per_week: 8 });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.registration.data.hours_per_week).toBe(8);
    expect(second.json().data.registration.submitted_at).toBe(first.json().data.registration.submitted_at);
    expect(second.json().data.user.roles).toHaveLength(1);
    expect(await rolesOf(actor.userId)).toEqual([12]);
  });

  it('adds a role beside existing ones and keeps tenant roles apart', async () => {
    const user = await makeUser(t.database, { active_role_id: 3 });
    await t.database.db.insert(userRoles).values([
      { user_id: user.user_id, role_id: 3 },
      // A soft-deleted old grant of the same role comes back rather than colliding.
      { user_id: user.user_id, role_id: 11, is_deleted: true },
    ]);
    t.actAs({ userId: user.user_id, tenantId: null, isPlatformAdmin: false, roles: [] });
    const response = await submit('diaspora', VALID_FORMS.diaspora);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.roles.map((r: { role_id: number }) => r.role_id)).toEqual([3, 11]);
    expect(response.json().data.user.active_role.role_id).toBe(11);
    const live = await t.database.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.user_id, user.user_id), eq(userRoles.is_deleted, false)));
    expect(live).toHaveLength(2);
  });

  it('is all or nothing: a failure late in the transaction leaves no trace', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    // The last write (the user's active role) fails for this user only.
    await runAsOwner(
      t.database,
      `create or replace function fail_registration_test() returns trigger language plpgsql
        as $$ begin raise exception 'simulated failure'; end $$`,
    );
    await runAsOwner(
      t.database,
      `create trigger fail_registration_test before update on users for each row
        when (new.user_id = ${actor.userId}) execute function fail_registration_test()`,
    );
    try {
      const response = await submit('investor', VALID_FORMS.investor);
      expect(response.statusCode).toBe(500);
      expect(response.json().message).not.toContain('simulated');
    } finally {
      await runAsOwner(t.database, 'drop trigger fail_registration_test on users');
    }
    const rows = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.user_id, actor.userId));
    expect(rows).toHaveLength(0);
    expect(await rolesOf(actor.userId)).toEqual([TEMP_ROLE_ID]);
    expect((await userRow(actor.userId)).active_role_id).toBe(TEMP_ROLE_ID);
  });
});

describe('registration list (admin)', () => {
  it('lists registrations for a platform admin through the generic list pattern', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    await submit('incubator', VALID_FORMS.incubator);
    const admin = await makeUser(t.database, { is_platform_admin: true });
    t.actAs(platformAdmin(admin.user_id));
    const filter = encodeURIComponent(JSON.stringify({ user_id: actor.userId }));
    const response = await t.app.inject({
      method: 'GET',
      url: `${REGISTRATION_BASE}/getRegistrations?filterFields=${filter}&fields=user_id,role_type,status,data`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toEqual([
      { user_id: actor.userId, role_type: 'incubator', status: 'submitted', data: VALID_FORMS.incubator },
    ]);
    expect(body.meta).toMatchObject({ page: 1, limit: 10, total: 1 });
  });

  it('refuses the list to a member (403) and to the signed out (401)', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    expect(
      (await t.app.inject({ method: 'GET', url: `${REGISTRATION_BASE}/getRegistrations` })).statusCode,
    ).toBe(403);
    t.actAs(null);
    expect(
      (await t.app.inject({ method: 'GET', url: `${REGISTRATION_BASE}/getRegistrations` })).statusCode,
    ).toBe(401);
  });
});
