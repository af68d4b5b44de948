import type { DomainEventName, DomainEventPayload } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  domainEventDeliveries,
  domainEvents,
  notificationInboxVersions,
  notifications,
  programs,
} from '../../db/schema';
import { inScope } from '../../db/scope';
import { recordEvent } from '../../kernel/events';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const INBOX = '/api/notifications/notifications';
const PREFS = '/api/notifications/preferences';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function emit<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): Promise<string> {
  const id = await inScope(t.database.db, 'all', (tx) => recordEvent(tx, name, payload));
  await t.app.events.drain();
  return id;
}

async function makeProgram(name = 'Data Basics', tenantId: number | null = null) {
  const [row] = await t.database.system
    .insert(programs)
    .values({ program_name: name, tenant_id: tenantId } as typeof programs.$inferInsert)
    .returning();
  return row!;
}

const inboxOf = (userId: number) =>
  t.database.system.select().from(notifications).where(eq(notifications.user_id, userId));

async function enrolled(userId: number, tenantId: number | null = null) {
  const program = await makeProgram('Data Basics', tenantId);
  const eventId = await emit('learning.enrolled', {
    enrollment_id: 1,
    user_id: userId,
    program_id: program.program_id,
    tenant_id: tenantId,
  });
  const [row] = await inboxOf(userId);
  return { program, eventId, row: row! };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, payload });
const put = (url: string, payload?: object) => t.app.inject({ method: 'PUT', url, payload });

async function mailJobsTo(email: string) {
  return t.app.jobs.query<{ data: { subject: string; text: string }; start_after: Date }>(
    `select data, start_after from ${t.app.jobs.schema}.job where name = 'mail.send' and data->>'to' = $1 order by created_on`,
    [email],
  );
}

describe('domain events fill the inbox', () => {
  it('notifies an enrolment once, linking to the program, even when the event is delivered twice', async () => {
    const user = await makeUser(t.database);
    const { program, eventId, row } = await enrolled(user.user_id);
    expect(row).toMatchObject({
      category: 'learning',
      title: 'You are enrolled in Data Basics',
      link: `/programs/overview/${program.program_id}`,
      state: 'unseen',
    });
    await t.database.system
      .update(domainEvents)
      .set({ status: 'pending' })
      .where(eq(domainEvents.id, eventId));
    // The delivery row is gone too, as after a crash before it was written.
    await t.database.system.delete(domainEventDeliveries).where(eq(domainEventDeliveries.event_id, eventId));
    await t.app.events.drain();
    expect(await inboxOf(user.user_id)).toHaveLength(1);
  });

  it.each([
    ['learning.program.completed', 'learning', 'You completed'],
    ['certificate.issued', 'certificates', 'Your certificate for'],
    ['event.certificate.issued', 'certificates', 'Your certificate of attendance for Data Basics is ready'],
    ['access.role.granted', 'account', 'You now have the role'],
    ['assessment.reopened', 'assessments', 'Your response to'],
  ] as const)('notifies %s once with a link to its page', async (name, category, title) => {
    const user = await makeUser(t.database);
    const program = await makeProgram();
    const payloads = {
      'learning.program.completed': {
        user_id: user.user_id,
        program_id: program.program_id,
        enrollment_id: 1,
        tenant_id: null,
        program_tenant_id: null,
      },
      'certificate.issued': {
        certificate_id: 1,
        user_id: user.user_id,
        program_id: program.program_id,
        tenant_id: null,
        public_key: 'abc',
      },
      // The handler reads nothing of the events area: the event need not even exist.
      'event.certificate.issued': {
        certificate_id: 1,
        event_id: 999_999,
        user_id: user.user_id,
        tenant_id: null,
        title: 'Data Basics',
        public_key: 'abc',
      },
      'access.role.granted': {
        user_id: user.user_id,
        role_id: 13,
        tenant_id: null,
        granted_by: user.user_id,
      },
      'assessment.reopened': {
        response_id: 1,
        assessment_id: 9,
        user_id: user.user_id,
        tenant_id: null,
        reopened_by: 1,
      },
    } as const;
    const eventId = await emit(name, payloads[name] as never);
    await t.database.system
      .update(domainEvents)
      .set({ status: 'pending' })
      .where(eq(domainEvents.id, eventId));
    await t.app.events.drain();
    // A completed program also issues its certificate, which notifies on its own.
    const rows = (await inboxOf(user.user_id)).filter((row) => row.title.startsWith(title));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.category).toBe(category);
    expect(rows[0]?.link).toMatch(/^\/(programs\/overview|certification|settings|assessment)/);
  });

  it('tells the inviter, not the invited person, that an invitation was accepted', async () => {
    const inviter = await makeUser(t.database);
    const guest = await makeUser(t.database, { first_name: 'Grace', last_name: 'Hopper' });
    await emit('invitation.accepted', {
      invitation_id: 1,
      user_id: guest.user_id,
      tenant_id: null,
      role_id: 13,
      invited_by: inviter.user_id,
    });
    expect(await inboxOf(guest.user_id)).toHaveLength(0);
    const [row] = await inboxOf(inviter.user_id);
    expect(row?.title).toBe('Grace Hopper accepted your invitation');
  });
});

describe('the inbox API', () => {
  it('lists with only its defaults, counts, marks seen, read and archived', async () => {
    const user = await makeUser(t.database);
    await enrolled(user.user_id);
    await enrolled(user.user_id);
    t.actAs(member(user.user_id, null));
    const list = await get(`${INBOX}/getNotifications`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ page: 1, limit: 10, total: 2, totalPages: 1, totalExact: true });
    const [newest] = list.json().data;
    // Exactly the documented fields, with timestamps as toISOString writes them.
    expect(Object.keys(newest).sort()).toEqual([
      'archived_at',
      'body',
      'category',
      'created_at',
      'link',
      'notification_id',
      'read_at',
      'seen_at',
      'state',
      'title',
    ]);
    expect(newest.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect((await get(`${INBOX}/getUnseenCount`)).json().data).toEqual({ unseen: 2, unread: 2 });

    expect((await post(`${INBOX}/markSeen`)).json().data.updated).toBe(2);
    expect((await get(`${INBOX}/getUnseenCount`)).json().data).toEqual({ unseen: 0, unread: 2 });

    const [first, second] = list.json().data;
    const read = await put(`${INBOX}/markRead/${first.notification_id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ state: 'read' });
    expect((await get(`${INBOX}/getNotifications?state=unread`)).json().data).toHaveLength(1);

    const archived = await post(`${INBOX}/archive/${second.notification_id}`);
    expect(archived.json().data.state).toBe('archived');
    expect((await get(`${INBOX}/getNotifications`)).json().meta.total).toBe(1);
    expect((await get(`${INBOX}/getNotifications?state=archived`)).json().data).toHaveLength(1);
  });

  it("answers a repeated read from the kept page until the inbox version moves, as another process's write does", async () => {
    const user = await makeUser(t.database);
    const { row } = await enrolled(user.user_id);
    t.actAs(member(user.user_id, null));
    expect((await get(`${INBOX}/getNotifications`)).json().meta.total).toBe(1);
    // A row written behind the version's back is not seen: the version is what a read trusts.
    const { notification_id: _id, ...copy } = row;
    await t.database.system.insert(notifications).values({ ...copy, source_event_id: 'other-process' });
    expect((await get(`${INBOX}/getNotifications`)).json().meta.total).toBe(1);
    await t.database.system
      .update(notificationInboxVersions)
      .set({ version: sql`${notificationInboxVersions.version} + 1` })
      .where(eq(notificationInboxVersions.user_id, user.user_id));
    const fresh = (await get(`${INBOX}/getNotifications`)).json();
    expect(fresh.meta.total).toBe(2);
    expect(fresh.data).toHaveLength(2);
  });

  it('marks every unread notification read', async () => {
    const user = await makeUser(t.database);
    await enrolled(user.user_id);
    await enrolled(user.user_id);
    t.actAs(member(user.user_id, null));
    const response = await post(`${INBOX}/markAllRead`);
    expect(response.json().data.updated).toBe(2);
    expect((await get(`${INBOX}/getUnseenCount`)).json().data).toEqual({ unseen: 0, unread: 0 });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const user = await makeUser(t.database);
    const { row } = await enrolled(user.user_id);
    t.actAs(member(user.user_id, null));
    expect((await get(`${INBOX}/getNotifications?limit=0`)).statusCode).toBe(400);
    expect((await get(`${INBOX}/getNotifications?state=gone`)).statusCode).toBe(400);
    expect((await get(`${INBOX}/getNotifications?user_id=3`)).statusCode).toBe(400);
    expect((await put(`${INBOX}/markRead/01`)).statusCode).toBe(400);
    expect((await put(`${INBOX}/archive/abc`)).statusCode).toBe(400);
    const [after] = await inboxOf(user.user_id);
    expect(after?.state).toBe(row.state);
  });

  it('answers 401 signed out', async () => {
    t.actAs(null);
    expect((await get(`${INBOX}/getNotifications`)).statusCode).toBe(401);
    expect((await get(`${INBOX}/getUnseenCount`)).statusCode).toBe(401);
    expect((await post(`${INBOX}/markSeen`)).statusCode).toBe(401);
    expect((await put(`${INBOX}/markRead/1`)).statusCode).toBe(401);
    expect((await get(`${PREFS}/getPreferences`)).statusCode).toBe(401);
    expect((await put(`${PREFS}/updatePreferences`, {})).statusCode).toBe(401);
  });

  it("answers 404 for another user's notification and leaves it alone", async () => {
    const owner = await makeUser(t.database);
    const other = await makeUser(t.database);
    const { row } = await enrolled(owner.user_id);
    t.actAs(member(other.user_id, null));
    expect((await put(`${INBOX}/markRead/${row.notification_id}`)).statusCode).toBe(404);
    expect((await put(`${INBOX}/archive/${row.notification_id}`)).statusCode).toBe(404);
    expect((await get(`${INBOX}/getNotifications`)).json().data).toEqual([]);
    const [after] = await inboxOf(owner.user_id);
    expect(after?.state).toBe('unseen');
  });

  it("keeps another tenant's notification out of the current tenant: listed nowhere, 404 to change", async () => {
    const user = await makeUser(t.database);
    const a = await makeTenant(t.database);
    const b = await makeTenant(t.database);
    const { row } = await enrolled(user.user_id, b.tenant_id);
    t.actAs(member(user.user_id, a.tenant_id));
    expect((await get(`${INBOX}/getNotifications`)).json().data).toEqual([]);
    expect((await get(`${INBOX}/getUnseenCount`)).json().data.unseen).toBe(0);
    expect((await put(`${INBOX}/markRead/${row.notification_id}`)).statusCode).toBe(404);
    t.actAs(member(user.user_id, b.tenant_id));
    expect((await get(`${INBOX}/getNotifications`)).json().data).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('lists every category with defaults and saves a change', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const initial = (await get(`${PREFS}/getPreferences`)).json().data;
    expect(initial.email_cadence).toBe('immediately');
    expect(initial.categories.find((c: { category: string }) => c.category === 'security')).toEqual({
      category: 'security',
      in_app: true,
      email: true,
      critical: true,
    });
    const saved = await put(`${PREFS}/updatePreferences`, {
      categories: [{ category: 'learning', in_app: false }],
      email_cadence: 'weekly',
      quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Europe/Berlin' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      email_cadence: 'weekly',
      quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Europe/Berlin' },
    });
    // With both channels of learning off, an enrolment leaves nothing.
    await put(`${PREFS}/updatePreferences`, { categories: [{ category: 'learning', email: false }] });
    await enrolled(user.user_id);
    expect(await inboxOf(user.user_id)).toHaveLength(0);
  });

  it('refuses to turn a critical category off, saving nothing of the request', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const response = await put(`${PREFS}/updatePreferences`, {
      email_cadence: 'daily',
      categories: [{ category: 'security', email: false }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Security and account notices cannot be turned off.');
    expect(response.json().details[0].path).toBe('categories.0.email');
    expect((await get(`${PREFS}/getPreferences`)).json().data.email_cadence).toBe('immediately');
  });

  it('refuses an unknown time zone, a bad time and an unknown category', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const bad = [
      { quiet_hours: { start: '22:00', end: '07:00', time_zone: 'Mars/Olympus' } },
      { quiet_hours: { start: '25:00', end: '07:00', time_zone: 'UTC' } },
      { categories: [{ category: 'gossip', email: true }] },
      { email_cadence: 'hourly' },
    ];
    for (const body of bad) expect((await put(`${PREFS}/updatePreferences`, body)).statusCode).toBe(400);
  });
});

describe('email', () => {
  it('holds an email until quiet hours end', async () => {
    const user = await makeUser(t.database);
    t.actAs(member(user.user_id, null));
    const now = new Date();
    const hh = (offset: number) => String((now.getUTCHours() + offset + 24) % 24).padStart(2, '0');
    await put(`${PREFS}/updatePreferences`, {
      quiet_hours: { start: `${hh(-1)}:00`, end: `${hh(2)}:00`, time_zone: 'UTC' },
    });
    await emit('access.role.granted', { user_id: user.user_id, role_id: 13, tenant_id: null, granted_by: 1 });
    const [job] = await mailJobsTo(user.email);
    const end = new Date(now);
    end.setUTCHours(now.getUTCHours() + 2, 0, 0, 0);
    expect(job).toBeDefined();
    expect(new Date(job!.start_after).getTime()).toBe(end.getTime());
  });

  it('sends at once outside quiet hours', async () => {
    const user = await makeUser(t.database);
    await emit('access.role.granted', { user_id: user.user_id, role_id: 13, tenant_id: null, granted_by: 1 });
    const [job] = await mailJobsTo(user.email);
    expect(job?.data.subject).toContain('You now have the role');
    expect(new Date(job!.start_after).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('sends nothing by email for a category whose email is off', async () => {
    const user = await makeUser(t.database);
    await enrolled(user.user_id);
    expect(await mailJobsTo(user.email)).toEqual([]);
    const [row] = await t.database.system
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, user.user_id), eq(notifications.wants_email, false)));
    expect(row).toBeDefined();
  });
});
