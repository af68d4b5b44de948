import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSections, userRoles, users } from '../../db/schema';
import { makeTenant, makeUser, makeUserSetting, member, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const BASE = '/api/profiles';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function grant(userId: number, roleId: number, tenantId: number | null = null) {
  await t.database.db.insert(userRoles).values({ user_id: userId, role_id: roleId, tenant_id: tenantId });
}

async function getProfile(userId: number) {
  return t.app.inject({ method: 'GET', url: `${BASE}/getProfile/${userId}` });
}

describe('getProfile', () => {
  it('shows a public profile to another member with role names, hiding email and phone by default', async () => {
    const owner = await makeUser(t.database, {
      headline: 'Founder of Seedly',
      bio: 'Building tools for farmers.',
      location: 'Nairobi',
      phone_number: '+254 700 000000',
      profile_image: 'https://images.example.test/a.png',
    });
    await grant(owner.user_id, 4);
    await grant(owner.user_id, 19);
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const response = await getProfile(owner.user_id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      user_id: owner.user_id,
      username: owner.username,
      firstName: 'Test',
      lastName: 'User',
      headline: 'Founder of Seedly',
      bio: 'Building tools for farmers.',
      location: 'Nairobi',
      profile_image: 'https://images.example.test/a.png',
      roles: ['Entrepreneur'],
      sections: [],
      is_self: false,
    });
    expect(data).not.toHaveProperty('email');
    expect(data).not.toHaveProperty('phone_number');
    expect(data).not.toHaveProperty('password_hash');
  });

  it('shows email and phone when the owner allows it, and always to the owner', async () => {
    const owner = await makeUser(t.database, { phone_number: '+44 20 7946 0958' });
    await makeUserSetting(t.database, { user_id: owner.user_id, show_email: true, show_phone: true });
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const shown = (await getProfile(owner.user_id)).json().data;
    expect(shown).toMatchObject({ email: owner.email, phone_number: '+44 20 7946 0958' });

    const shy = await makeUser(t.database, { phone_number: '+44 20 7946 0000' });
    t.actAs(member(shy.user_id, null));
    const own = (await getProfile(shy.user_id)).json().data;
    expect(own).toMatchObject({ email: shy.email, phone_number: '+44 20 7946 0000', is_self: true });
  });

  it('hides a private profile behind the same 404 as a missing one, except from the owner and platform admins', async () => {
    const owner = await makeUser(t.database);
    await makeUserSetting(t.database, { user_id: owner.user_id, profile_visibility: 'private' });
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const hidden = await getProfile(owner.user_id);
    const missing = await getProfile(2_000_000_000);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    t.actAs(member(owner.user_id, null));
    expect((await getProfile(owner.user_id)).statusCode).toBe(200);
    const admin = await makeUser(t.database);
    t.actAs(platformAdmin(admin.user_id));
    expect((await getProfile(owner.user_id)).statusCode).toBe(200);
  });

  it('shows a connections-only profile to members of a shared tenant and no one else', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const owner = await makeUser(t.database);
    await grant(owner.user_id, 13, tenant.tenant_id);
    await makeUserSetting(t.database, { user_id: owner.user_id, profile_visibility: 'connections' });
    const colleague = await makeUser(t.database);
    await grant(colleague.user_id, 15, tenant.tenant_id);
    const stranger = await makeUser(t.database);
    await grant(stranger.user_id, 15, other.tenant_id);
    t.actAs(member(colleague.user_id, tenant.tenant_id));
    expect((await getProfile(owner.user_id)).statusCode).toBe(200);
    t.actAs(member(stranger.user_id, other.tenant_id));
    expect((await getProfile(owner.user_id)).statusCode).toBe(404);
    // A removed tenant role no longer connects them.
    await t.database.db
      .update(userRoles)
      .set({ is_deleted: true })
      .where(eq(userRoles.user_id, colleague.user_id));
    t.actAs(member(colleague.user_id, tenant.tenant_id));
    expect((await getProfile(owner.user_id)).statusCode).toBe(404);
  });

  it('answers 404 for a disabled or deleted account', async () => {
    const disabled = await makeUser(t.database, { enabled: false });
    const deleted = await makeUser(t.database, { is_deleted: true });
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    expect((await getProfile(disabled.user_id)).statusCode).toBe(404);
    expect((await getProfile(deleted.user_id)).statusCode).toBe(404);
  });

  it('lists only the sections the owner shows, while the owner sees all of theirs', async () => {
    const owner = await makeUser(t.database);
    await t.database.db.insert(profileSections).values([
      { user_id: owner.user_id, section: 'volunteer', data: { skills: ['Design'], show_on_profile: true } },
      { user_id: owner.user_id, section: 'fundraising', data: { amount_sought: 5, show_on_profile: false } },
    ]);
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const seen = (await getProfile(owner.user_id)).json().data.sections;
    expect(seen).toEqual([
      expect.objectContaining({ section: 'volunteer', data: { skills: ['Design'] }, show_on_profile: true }),
    ]);
    t.actAs(member(owner.user_id, null));
    const own = (await getProfile(owner.user_id)).json().data.sections;
    expect(own.map((s: { section: string }) => s.section)).toEqual(['volunteer', 'fundraising']);
  });

  it('refuses a user id that is not a number and a signed-out caller', async () => {
    const viewer = await makeUser(t.database);
    t.actAs(member(viewer.user_id, null));
    const bad = await t.app.inject({ method: 'GET', url: `${BASE}/getProfile/abc` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ in: 'params', path: 'user_id' });
    t.actAs(null);
    expect((await getProfile(viewer.user_id)).statusCode).toBe(401);
  });
});

describe('updateMyProfile', () => {
  it("changes the caller's own fields, clearing one with an empty string", async () => {
    const me = await makeUser(t.database, { headline: 'Old', location: 'Pune' });
    t.actAs(member(me.user_id, null));
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMyProfile`,
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        headline: 'Analyst',
        bio: 'Notes on the engine.',
        location: '',
        profile_image: 'https://images.example.test/ada.png',
        phone_number: '+44 20 7946 0958',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      headline: 'Analyst',
      location: null,
      is_self: true,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.user_id, me.user_id));
    expect(row).toMatchObject({
      first_name: 'Ada',
      location: null,
      phone_number: '+44 20 7946 0958',
      modified_by: me.user_id,
    });
  });

  it('refuses bad input naming the field and writes nothing', async () => {
    const me = await makeUser(t.database, { headline: 'Kept' });
    t.actAs(member(me.user_id, null));
    const cases: [Record<string, unknown>, string][] = [
      [{ profile_image: 'http://insecure.example.test/a.png' }, 'profile_image'],
      [{ profile_image: 'javascript:alert(1)' }, 'profile_image'],
      [{ profile_image: '/api/files/files/content/not-a-uuid' }, 'profile_image'],
      [{ profile_image: '/api/user/tenants/getTenant/1' }, 'profile_image'],
      [{ phone_number: 'call me' }, 'phone_number'],
      [{ headline: 'x'.repeat(121) }, 'headline'],
      [{ firstName: '' }, 'firstName'],
      [{ email: 'new@example.test' }, ''],
      [{ user_id: 1, headline: 'Hijack' }, ''],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'PUT', url: `${BASE}/updateMyProfile`, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(response.json().details.map((d: { path: string }) => d.path)).toContain(field);
    }
    const empty = await t.app.inject({ method: 'PUT', url: `${BASE}/updateMyProfile`, payload: {} });
    expect(empty.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.user_id, me.user_id));
    expect(row?.headline).toBe('Kept');
    expect(row?.modified_by).toBeNull();
  });

  it('takes an uploaded photo by its content path (issue 15 point 4)', async () => {
    const me = await makeUser(t.database);
    t.actAs(member(me.user_id, null));
    const photo = '/api/files/files/content/0b6f3a52-4c1e-4f7a-9d2b-6f1e2d3c4b5a?size=256';
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMyProfile`,
      payload: { profile_image: photo },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile_image).toBe(photo);
  });

  it('needs a session', async () => {
    t.actAs(null);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateMyProfile`,
      payload: { headline: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});
