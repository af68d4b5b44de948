import { ANNOUNCEMENT_MESSAGES } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { announcementKit, BASE, inOneHour } from './test-kit';

/** Issue 16 point 3: writing announcements, and who reads what. */

let t: TestApp;
let tenantA: number;
let tenantB: number;
let platformAdminId: number;
let kit: ReturnType<typeof announcementKit>;

beforeAll(async () => {
  t = await makeApp();
  kit = announcementKit(t);
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  platformAdminId = (await makeUser(t.database)).user_id;
});
afterAll(async () => {
  await t?.close();
});

const newUser = () => kit.newUser();
const create = (actor: Actor, payload: Record<string, unknown>) => kit.create(actor, payload);
const publish = (actor: Actor, payload: Record<string, unknown> = {}) => kit.publish(actor, payload);
const feed = (actor: Actor | null, query = '') => kit.feed(actor, query);
const feedIds = (actor: Actor, query?: string) => kit.feedIds(actor, query);
const eventsFor = (id: number) => kit.eventsFor(id);

describe('createAnnouncement', () => {
  it('publishes now, records announcement.published once and shows it to a member of the tenant', async () => {
    const admin = tenantAdmin(await newUser(), tenantA);
    const created = await publish(admin, { pinned: true });
    const events = await eventsFor(created.announcement_id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      announcement_id: created.announcement_id,
      tenant_id: tenantA,
      role_id: null,
      published_by: admin.userId,
      title: created.title,
    });
    const reader = member(await newUser(), tenantA);
    expect(await feedIds(reader)).toContain(created.announcement_id);
  });

  it('sanitises the rich text: no scripts, handlers or styles survive', async () => {
    const created = await publish(platformAdmin(platformAdminId), {
      body: '<p onclick="steal()">Hi <strong>all</strong><script>alert(1)</script><a href="javascript:x()">x</a></p>',
    });
    const [row] = await t.database.system
      .select()
      .from(announcements)
      .where(eq(announcements.announcement_id, created.announcement_id));
    expect(row!.body).toBe('<p>Hi <strong>all</strong><a>x</a></p>');
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const admin = platformAdmin(platformAdminId);
    const before = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(announcements);
    const cases = [
      { body: '<p>x</p>' },
      { title: 'x', body: '<p>x</p>', status: 'live' },
      { title: 'x', body: '<p>x</p>', status: 'scheduled' },
      {
        title: 'x',
        body: '<p>x</p>',
        status: 'scheduled',
        publish_at: new Date(Date.now() - 60_000).toISOString(),
      },
      { title: 'x', body: '<p>x</p>', expires_at: 'tomorrow' },
      { title: 'x', body: '<script>only()</script>' },
      { title: 'x', body: '<p>x</p>', role_id: 999_999 },
      { title: 'x', body: '<p>x</p>', unknown: 1 },
    ];
    for (const payload of cases) {
      const response = await create(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toBeDefined();
    }
    const after = await t.database.system.select({ n: sql<number>`count(*)::int` }).from(announcements);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers 401 signed out and 403 to a member who is not an administrator', async () => {
    t.actAs(null);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `${BASE}/createAnnouncement`,
      payload: { title: 'x', body: '<p>x</p>' },
    });
    expect(signedOut.statusCode).toBe(401);
    const response = await create(member(await newUser(), tenantA), { title: 'x', body: '<p>x</p>' });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a tenant admin of A announcing to tenant B', async () => {
    const response = await create(tenantAdmin(await newUser(), tenantA), {
      title: 'x',
      body: '<p>x</p>',
      tenant_id: tenantB,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ANNOUNCEMENT_MESSAGES.otherTenant);
    const platformWide = await create(tenantAdmin(await newUser(), tenantA), {
      title: 'x',
      body: '<p>x</p>',
      tenant_id: null,
    });
    expect(platformWide.statusCode).toBe(403);
  });
});

describe('a platform admin announcing to a tenant', () => {
  it("reaches that tenant's members only, and answers 400 for a tenant that does not exist", async () => {
    const created = await publish(platformAdmin(platformAdminId), { tenant_id: tenantB });
    expect(await feedIds(member(await newUser(), tenantB))).toContain(created.announcement_id);
    expect(await feedIds(member(await newUser(), tenantA))).not.toContain(created.announcement_id);
    const missing = await create(platformAdmin(platformAdminId), {
      title: 'x',
      body: '<p>x</p>',
      tenant_id: 2_000_000_000,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ANNOUNCEMENT_MESSAGES.unknownTenant);
  });
});

describe('getAnnouncements (the feed)', () => {
  it('works with only its defaults and answers 401 signed out', async () => {
    const response = await feed(member(await newUser(), null));
    expect(response.statusCode).toBe(200);
    expect(response.json().meta).toMatchObject({ page: 1, limit: 10 });
    expect((await feed(null)).statusCode).toBe(401);
  });

  it("hides a tenant's announcement from readers of another tenant, and shows platform ones to all", async () => {
    const ofA = await publish(tenantAdmin(await newUser(), tenantA));
    const platform = await publish(platformAdmin(platformAdminId));
    const readerOfB = member(await newUser(), tenantB);
    const ids = await feedIds(readerOfB);
    expect(ids).not.toContain(ofA.announcement_id);
    expect(ids).toContain(platform.announcement_id);
    t.actAs(readerOfB);
    const one = await t.app.inject({ method: 'GET', url: `${BASE}/getAnnouncement/${ofA.announcement_id}` });
    expect(one.statusCode).toBe(404);
  });

  it('shows a role-targeted announcement only to holders of that role', async () => {
    const teacherRole = 14;
    const created = await publish(tenantAdmin(await newUser(), tenantA), { role_id: teacherRole });
    const holder: Actor = {
      userId: await newUser(),
      tenantId: tenantA,
      isPlatformAdmin: false,
      roles: [{ roleId: teacherRole, roleName: 'teacher', roleView: 'user', tenantId: tenantA }],
    };
    const elsewhere: Actor = {
      ...holder,
      userId: await newUser(),
      tenantId: tenantB,
      roles: [{ ...holder.roles[0]!, tenantId: tenantB }],
    };
    expect(await feedIds(holder)).toContain(created.announcement_id);
    expect(await feedIds(member(await newUser(), tenantA))).not.toContain(created.announcement_id);
    expect(await feedIds(elsewhere)).not.toContain(created.announcement_id);
  });

  it('keeps drafts and scheduled ones out of the feed, and lists them in the manage view', async () => {
    const admin = tenantAdmin(await newUser(), tenantA);
    const draft = (await create(admin, { title: 'Draft', body: '<p>d</p>' })).json().data;
    const scheduled = (
      await create(admin, { title: 'Later', body: '<p>l</p>', status: 'scheduled', publish_at: inOneHour() })
    ).json().data;
    expect(draft.status).toBe('draft');
    expect(scheduled.status).toBe('scheduled');
    const reader = member(await newUser(), tenantA);
    const ids = await feedIds(reader);
    expect(ids).not.toContain(draft.announcement_id);
    expect(ids).not.toContain(scheduled.announcement_id);
    expect(await feedIds(admin, '?view=manage&limit=100')).toEqual(
      expect.arrayContaining([draft.announcement_id, scheduled.announcement_id]),
    );
    expect((await feed(reader, '?view=manage')).statusCode).toBe(403);
    expect(await feedIds(tenantAdmin(await newUser(), tenantB), '?view=manage&limit=100')).not.toContain(
      draft.announcement_id,
    );
  });

  it('drops an announcement once it expires', async () => {
    const created = await publish(tenantAdmin(await newUser(), tenantA), {
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    const reader = member(await newUser(), tenantA);
    expect(await feedIds(reader)).toContain(created.announcement_id);
    await t.database.system
      .update(announcements)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(announcements.announcement_id, created.announcement_id));
    expect(await feedIds(reader)).not.toContain(created.announcement_id);
  });

  it('lists pinned first, then newest, each with its unread flag; markRead clears it', async () => {
    const tenant = (await makeTenant(t.database)).tenant_id;
    const admin = tenantAdmin(await newUser(), tenant);
    const pinned = await publish(admin, { pinned: true });
    const older = await publish(admin);
    const newer = await publish(admin);
    const reader = member(await newUser(), tenant);
    const response = await feed(reader, '?limit=100');
    const rows = response.json().data as { announcement_id: number; unread: boolean }[];
    const mine = rows.filter((row) =>
      [pinned, older, newer].some((a) => a.announcement_id === row.announcement_id),
    );
    expect(mine.map((row) => row.announcement_id)).toEqual([
      pinned.announcement_id,
      newer.announcement_id,
      older.announcement_id,
    ]);
    expect(mine.every((row) => row.unread)).toBe(true);
    t.actAs(reader);
    const read = await t.app.inject({ method: 'POST', url: `${BASE}/markRead/${older.announcement_id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.announcement_id).toBe(older.announcement_id);
    const again = await feed(reader, '?limit=100');
    const flags = Object.fromEntries(
      (again.json().data as { announcement_id: number; unread: boolean }[]).map((row) => [
        row.announcement_id,
        row.unread,
      ]),
    );
    expect(flags[older.announcement_id]).toBe(false);
    expect(flags[newer.announcement_id]).toBe(true);
    // Another reader's state is their own.
    const other = member(await newUser(), tenant);
    const theirs = await feed(other, '?limit=100');
    expect(
      (theirs.json().data as { announcement_id: number; unread: boolean }[]).find(
        (row) => row.announcement_id === older.announcement_id,
      )?.unread,
    ).toBe(true);
  });

  it('refuses an unknown filter column and a bad page with 400', async () => {
    const reader = member(await newUser(), tenantA);
    expect((await feed(reader, '?sortField=password')).statusCode).toBe(400);
    expect((await feed(reader, '?page=0')).statusCode).toBe(400);
    expect((await feed(reader, '?view=everything')).statusCode).toBe(400);
  });
});

describe('markRead', () => {
  it('answers 404 for an announcement the reader cannot see, 400 for a bad id, 401 signed out', async () => {
    const ofA = await publish(tenantAdmin(await newUser(), tenantA));
    t.actAs(member(await newUser(), tenantB));
    expect(
      (await t.app.inject({ method: 'POST', url: `${BASE}/markRead/${ofA.announcement_id}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/markRead/abc` })).statusCode).toBe(400);
    t.actAs(null);
    expect(
      (await t.app.inject({ method: 'POST', url: `${BASE}/markRead/${ofA.announcement_id}` })).statusCode,
    ).toBe(401);
  });
});

describe('getAnnouncement', () => {
  it('answers a published one to its reader with the unread flag, and 401 signed out, 400 for a bad id', async () => {
    const created = await publish(tenantAdmin(await newUser(), tenantA));
    t.actAs(member(await newUser(), tenantA));
    const response = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getAnnouncement/${created.announcement_id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ announcement_id: created.announcement_id, unread: true });
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/getAnnouncement/0` })).statusCode).toBe(400);
    t.actAs(null);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `${BASE}/getAnnouncement/${created.announcement_id}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps a draft from readers (404) and shows it to the administrators of its tenant', async () => {
    const admin = tenantAdmin(await newUser(), tenantA);
    const draft = (await create(admin, { title: 'Quiet', body: '<p>q</p>' })).json().data;
    const url = `${BASE}/getAnnouncement/${draft.announcement_id}`;
    t.actAs(member(await newUser(), tenantA));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    t.actAs(tenantAdmin(await newUser(), tenantB));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    t.actAs(tenantAdmin(await newUser(), tenantA));
    const seen = await t.app.inject({ method: 'GET', url });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.status).toBe('draft');
  });
});

describe('platform announcements to a role', () => {
  it('reach holders of the role wherever they hold it, and nobody else', async () => {
    const created = await publish(platformAdmin(platformAdminId), { role_id: 14 });
    const teacherInTenant: Actor = {
      userId: await newUser(),
      tenantId: null,
      isPlatformAdmin: false,
      roles: [{ roleId: 14, roleName: 'teacher', roleView: 'user', tenantId: tenantB }],
    };
    expect(await feedIds(teacherInTenant)).toContain(created.announcement_id);
    expect(await feedIds(member(await newUser(), null))).not.toContain(created.announcement_id);
  });
});
