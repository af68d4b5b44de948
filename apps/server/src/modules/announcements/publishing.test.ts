import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { announcementKit, BASE, inOneHour } from './test-kit';

/** Issue 16 point 3: publishing once, by a request or the scheduled job; changing and deleting. */

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
const feedIds = (actor: Actor, query?: string) => kit.feedIds(actor, query);
const eventsFor = (id: number) => kit.eventsFor(id);

describe('updateAnnouncement and deleteAnnouncement', () => {
  it('publishes a draft once: publishing again records no second event', async () => {
    const admin = tenantAdmin(await newUser(), tenantA);
    const draft = (await create(admin, { title: 'Draft', body: '<p>d</p>' })).json().data;
    t.actAs(admin);
    const url = `${BASE}/updateAnnouncement/${draft.announcement_id}`;
    const first = await t.app.inject({ method: 'PUT', url, payload: { status: 'published' } });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'published', published_by: admin.userId });
    const second = await t.app.inject({
      method: 'PUT',
      url,
      payload: { status: 'published', title: 'Edited' },
    });
    expect(second.statusCode).toBe(200);
    expect(await eventsFor(draft.announcement_id)).toHaveLength(1);
    const back = await t.app.inject({ method: 'PUT', url, payload: { status: 'draft' } });
    expect(back.statusCode).toBe(409);
  });

  it("answers 404 to a tenant admin of B changing A's announcement, 403 to a member, 400 to bad input", async () => {
    const created = await publish(tenantAdmin(await newUser(), tenantA));
    const url = `${BASE}/updateAnnouncement/${created.announcement_id}`;
    t.actAs(tenantAdmin(await newUser(), tenantB));
    expect((await t.app.inject({ method: 'PUT', url, payload: { title: 'Mine now' } })).statusCode).toBe(404);
    t.actAs(member(await newUser(), tenantA));
    expect((await t.app.inject({ method: 'PUT', url, payload: { title: 'x' } })).statusCode).toBe(403);
    t.actAs(tenantAdmin(await newUser(), tenantA));
    expect((await t.app.inject({ method: 'PUT', url, payload: { title: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url, payload: { pinned: 'yes' } })).statusCode).toBe(400);
  });

  it('soft-deletes with the caller in the path; the announcement leaves the feed', async () => {
    const admin = tenantAdmin(await newUser(), tenantA);
    const created = await publish(admin);
    t.actAs(admin);
    const wrongUser = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteAnnouncement/${created.announcement_id}/${admin.userId + 1}`,
    });
    expect(wrongUser.statusCode).toBe(403);
    const adminOfB = tenantAdmin(await newUser(), tenantB);
    t.actAs(adminOfB);
    const otherTenant = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteAnnouncement/${created.announcement_id}/${adminOfB.userId}`,
    });
    expect(otherTenant.statusCode).toBe(404);
    t.actAs(admin);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/deleteAnnouncement/${created.announcement_id}/${admin.userId}`,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await feedIds(member(await newUser(), tenantA))).not.toContain(created.announcement_id);
  });
});

describe('scheduled publishing', () => {
  it('publishes at publish_at through the job and records the event exactly once', async () => {
    const admin = platformAdmin(platformAdminId);
    const created = (
      await create(admin, {
        title: 'Soon',
        body: '<p>soon</p>',
        status: 'scheduled',
        publish_at: new Date(Date.now() + 1500).toISOString(),
      })
    ).json().data;
    expect(created.status).toBe('scheduled');
    const reader = member(await newUser(), null);
    expect(await feedIds(reader)).not.toContain(created.announcement_id);
    const deadline = Date.now() + 20_000;
    let status = 'scheduled';
    while (status !== 'published' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [row] = await t.database.system
        .select({ status: announcements.status })
        .from(announcements)
        .where(eq(announcements.announcement_id, created.announcement_id));
      status = row!.status;
    }
    expect(status).toBe('published');
    expect(await feedIds(reader)).toContain(created.announcement_id);
    // A second job for the same row (a retry, a stale reschedule) publishes nothing again.
    const again = await t.app.jobs.enqueue(null, 'announcements.publish', {
      announcement_id: created.announcement_id,
    });
    expect(await t.app.jobs.firstAttempt('announcements.publish', again, 10_000)).toBe('completed');
    expect(await eventsFor(created.announcement_id)).toHaveLength(1);
  }, 30_000);
});

describe('rescheduling', () => {
  it('moves a scheduled one back to draft; its old job then publishes nothing', async () => {
    const admin = tenantAdmin(await newUser(), tenantA);
    const scheduled = (
      await create(admin, { title: 'Later', body: '<p>l</p>', status: 'scheduled', publish_at: inOneHour() })
    ).json().data;
    t.actAs(admin);
    const back = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/updateAnnouncement/${scheduled.announcement_id}`,
      payload: { status: 'draft' },
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.status).toBe('draft');
    await t.database.system
      .update(announcements)
      .set({ publish_at: new Date(Date.now() - 1000) })
      .where(eq(announcements.announcement_id, scheduled.announcement_id));
    const stale = await t.app.jobs.enqueue(null, 'announcements.publish', {
      announcement_id: scheduled.announcement_id,
    });
    expect(await t.app.jobs.firstAttempt('announcements.publish', stale, 10_000)).toBe('completed');
    const [row] = await t.database.system
      .select({ status: announcements.status })
      .from(announcements)
      .where(eq(announcements.announcement_id, scheduled.announcement_id));
    expect(row!.status).toBe('draft');
    expect(await eventsFor(scheduled.announcement_id)).toHaveLength(0);
  });
});
