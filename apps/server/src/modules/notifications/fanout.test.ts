import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { notifications, programs } from '../../db/schema';
import { inScope } from '../../db/scope';
import { recordEvent } from '../../kernel/events';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import type { NotifyContext } from './deliver';
import { sendDueDigests } from './digest';
import { FANOUT_BATCH, FANOUT_HANDLER } from './fanout';

let t: TestApp;
let context: NotifyContext;

beforeAll(async () => {
  t = await makeApp();
  context = {
    database: t.database,
    jobs: t.app.jobs,
    realtime: t.app.realtime,
    origin: 'http://localhost:8080',
    now: () => new Date(),
  };
});
afterAll(async () => {
  await t?.close();
});

const AUDIENCE = 10_000;

describe('announcement fan-out', () => {
  it('reaches every member of a 10,000-person tenant exactly once, through jobs', async () => {
    const tenant = await makeTenant(t.database);
    const outsider = await makeUser(t.database);
    const tag = `fan${tenant.tenant_id}`;
    // Bulk set-up in SQL: ten thousand people holding the Individual role (13) in the tenant.
    await t.database.system.execute(sql`
      insert into users (username, email)
      select ${tag} || '_' || g, ${tag} || '_' || g || '@example.test' from generate_series(1, ${AUDIENCE}) g`);
    await t.database.system.execute(sql`
      insert into user_roles (user_id, role_id, tenant_id)
      select user_id, 13, ${tenant.tenant_id}::int from users where username like ${`${tag}\\_%`}`);

    const eventId = await inScope(t.database.db, tenant.tenant_id, (tx) =>
      recordEvent(tx, 'announcement.published', {
        announcement_id: 1,
        tenant_id: tenant.tenant_id,
        role_id: null,
        published_by: outsider.user_id,
      }),
    );
    await t.app.events.drain();
    await waitFor(async () => (await countFor(eventId)) === AUDIENCE, 120_000);
    await t.app.jobs.drain('notifications.fanout', 60_000);

    const [stats] = await queryRows<{ total: number; people: number }>(
      t.database.system,
      sql`select count(*)::int as total, count(distinct user_id)::int as people
          from notifications where source_event_id = ${eventId}`,
    );
    expect(stats).toEqual({ total: AUDIENCE, people: AUDIENCE });
    expect(await inboxCount(outsider.user_id)).toBe(0);
    // One job per full batch, and the one that found nobody left.
    const jobs = await t.app.jobs.query<{ n: number }>(
      `select count(*)::int as n from ${t.app.jobs.schema}.job where name = 'notifications.fanout' and data->>'event_id' = $1`,
      [eventId],
    );
    expect(Number(jobs[0]?.n)).toBe(AUDIENCE / FANOUT_BATCH + 1);
  }, 180_000);

  it('narrows a platform announcement to the holders of a role, and a rerun of a batch adds nothing', async () => {
    const holder = await makeUser(t.database);
    const other = await makeUser(t.database);
    await t.database.system.execute(
      sql`insert into user_roles (user_id, role_id, tenant_id) values (${holder.user_id}, 14, null), (${other.user_id}, 13, null)`,
    );
    const eventId = await inScope(t.database.db, 'main', (tx) =>
      recordEvent(tx, 'announcement.published', {
        announcement_id: 2,
        tenant_id: null,
        role_id: 14,
        published_by: other.user_id,
        title: 'Town hall on Friday',
      }),
    );
    await t.app.events.drain();
    await waitFor(async () => (await inboxCount(holder.user_id)) === 1, 30_000);
    await t.app.jobs.drain('notifications.fanout', 30_000);
    await t.app.jobs.enqueue(null, 'notifications.fanout', {
      event_id: eventId,
      announcement_id: 2,
      tenant_id: null,
      role_id: 14,
      after_user_id: 0,
    });
    await t.app.jobs.drain('notifications.fanout', 30_000);
    expect(await inboxCount(holder.user_id)).toBe(1);
    expect(await inboxCount(other.user_id)).toBe(0);
    const [row] = await t.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, holder.user_id));
    expect(row).toMatchObject({
      category: 'announcements',
      title: 'Announcement: Town hall on Friday',
      link: '/announcements',
      source_handler: FANOUT_HANDLER,
    });
  }, 60_000);
});

describe('digests', () => {
  it('gathers what arrived since the last digest into one mail, exactly once', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences/updatePreferences',
      payload: { email_cadence: 'daily', categories: [{ category: 'learning', email: true }] },
    });
    await enrol(user.user_id, 'Statistics');
    await enrol(user.user_id, 'Algebra');
    // Nothing went at once: the daily cadence waits for the digest.
    expect(await mailsTo(user.email)).toEqual([]);

    const now = new Date(Date.now() + 1000);
    expect(await sendDueDigests(context, now)).toBeGreaterThanOrEqual(1);
    expect(await sendDueDigests(context, now)).toBe(0);
    const [digest, ...rest] = await mailsTo(user.email);
    expect(rest).toEqual([]);
    expect(digest?.subject).toBe('Your daily digest: 2 notifications');
    expect(digest?.text).toContain('You are enrolled in Statistics');
    expect(digest?.text).toContain('You are enrolled in Algebra');

    // A later arrival waits for the next day's digest, which holds only it.
    await enrol(user.user_id, 'Geometry');
    const later = new Date(now.getTime() + 60 * 60 * 1000);
    expect(await sendDueDigests(context, later)).toBe(0);
    const nextDay = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    await sendDueDigests(context, nextDay);
    await sendDueDigests(context, nextDay);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Your daily digest: 1 notification');
    expect(mails[1]?.text).toContain('Geometry');
    expect(mails[1]?.text).not.toContain('Algebra');
  });
});

async function enrol(userId: number, name: string) {
  const [program] = await t.database.system
    .insert(programs)
    .values({ program_name: name } as typeof programs.$inferInsert)
    .returning();
  await inScope(t.database.db, 'main', (tx) =>
    recordEvent(tx, 'learning.enrolled', {
      enrollment_id: 1,
      user_id: userId,
      program_id: program!.program_id,
      tenant_id: null,
    }),
  );
  await t.app.events.drain();
}

async function mailsTo(email: string) {
  const rows = await t.app.jobs.query<{ data: { subject: string; text: string } }>(
    `select data from ${t.app.jobs.schema}.job where name = 'mail.send' and data->>'to' = $1 order by created_on`,
    [email],
  );
  return rows.map((row) => row.data);
}

async function countFor(eventId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.system,
    sql`select count(*)::int as n from notifications where source_event_id = ${eventId}`,
  );
  return Number(row?.n ?? 0);
}

async function inboxCount(userId: number): Promise<number> {
  const rows = await t.database.system
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.category, 'announcements')));
  return rows.length;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
