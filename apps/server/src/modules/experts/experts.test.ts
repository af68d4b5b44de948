import {
  CALENDAR_API,
  EXPERT_MESSAGES,
  EXPERT_PROGRAMS_API,
  EXPERT_SESSIONS_API,
  EXPERTS_API,
} from '@nexus/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertSessions, mailOutbox, notifications } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeApp, type TestApp } from '../../test/make-app';
import { everyDay, expertsKit } from './test-kit';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const { person, call, expert, slots, laterSlot, book } = expertsKit(() => t);

describe('expert profiles and hours', () => {
  it('creates a profile, normalises tags, computes the next free slot and offers slots in the expert’s zone', async () => {
    const e = await expert();
    const mine = await call(e, 'GET', `${EXPERTS_API}/getMyProfile`);
    expect(mine.json().data).toMatchObject({
      expertise: ['fundraising', 'hardware'],
      languages: ['en', 'de'],
      time_zone: 'Europe/Berlin',
      weekly: everyDay(540, 1020),
    });
    expect(mine.json().data.next_free_at).not.toBeNull();
    const viewer = await person();
    const list = await slots(viewer, e.userId, 3);
    expect(list.length).toBeGreaterThan(8);
    for (const slot of list) {
      const local = new Date(slot.starts_at).toLocaleTimeString('en-GB', {
        timeZone: 'Europe/Berlin',
        hour: '2-digit',
        minute: '2-digit',
      });
      expect(local >= '09:00' && local <= '16:00', local).toBe(true);
      expect(new Date(slot.ends_at).getTime() - new Date(slot.starts_at).getTime()).toBe(3_600_000);
    }
  });

  it('refuses a bad time zone, overlapping hours, no tags and hours without a profile, changing nothing', async () => {
    const e = await expert();
    const badZone = await call(e, 'PUT', `${EXPERTS_API}/updateMyProfile`, {
      headline: 'x',
      expertise: ['a'],
      languages: ['en'],
      time_zone: 'Mars/Olympus',
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toBe(EXPERT_MESSAGES.badTimeZone);
    const noTags = await call(e, 'PUT', `${EXPERTS_API}/updateMyProfile`, {
      headline: 'x',
      expertise: [],
      languages: ['en'],
      time_zone: 'UTC',
    });
    expect(noTags.statusCode).toBe(400);
    const overlapping = await call(e, 'PUT', `${EXPERTS_API}/updateMyAvailability`, {
      weekly: [
        { weekday: 1, start_minute: 540, end_minute: 720 },
        { weekday: 1, start_minute: 700, end_minute: 800 },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().message).toBe(EXPERT_MESSAGES.overlappingHours);
    const unchanged = await call(e, 'GET', `${EXPERTS_API}/getMyProfile`);
    expect(unchanged.json().data.time_zone).toBe('Europe/Berlin');
    expect(unchanged.json().data.weekly).toHaveLength(7);
    const nobody = await person();
    const noProfile = await call(nobody, 'PUT', `${EXPERTS_API}/updateMyAvailability`, { weekly: [] });
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.json().message).toBe(EXPERT_MESSAGES.notAnExpert);
    expect((await call(null, 'GET', `${EXPERTS_API}/getMyProfile`)).statusCode).toBe(401);
    expect((await call(null, 'GET', `${EXPERTS_API}/findExperts`)).statusCode).toBe(401);
  });

  it('takes days off and extra hours into account', async () => {
    const e = await expert();
    const viewer = await person();
    const first = (await slots(viewer, e.userId, 7)).find(
      (s) => new Date(s.starts_at).getTime() > Date.now() + 86_400_000,
    )!;
    const day = new Date(first.starts_at).toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' });
    const saved = await call(e, 'PUT', `${EXPERTS_API}/updateMyAvailability`, {
      weekly: everyDay(540, 1020),
      exceptions: [
        { day, kind: 'off' },
        { day, kind: 'extra', start_minute: 20 * 60, end_minute: 21 * 60 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const onThatDay = (await slots(viewer, e.userId, 7)).filter(
      (s) => new Date(s.starts_at).toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' }) === day,
    );
    expect(
      onThatDay.map((s) =>
        new Date(s.starts_at).toLocaleTimeString('en-GB', {
          timeZone: 'Europe/Berlin',
          hour: '2-digit',
          minute: '2-digit',
        }),
      ),
    ).toEqual(['20:00']);
  });
});

describe('booking', () => {
  it('books a free slot into both calendars, frees the buffer around it only on cancel, and mails the invite', async () => {
    const e = await expert();
    const mentee = await person();
    const slot = await laterSlot(mentee, e.userId);
    const booked = await book(mentee, {
      expert_id: e.userId,
      starts_at: slot.starts_at,
      topic: 'Seed round',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const session = booked.json().data;
    expect(session).toMatchObject({
      expert_id: e.userId,
      mentee_id: mentee.userId,
      status: 'booked',
      topic: 'Seed round',
    });
    // The slot and its neighbours (inside the 15-minute buffer) are no longer offered.
    const after = (await slots(mentee, e.userId)).map((s) => s.starts_at);
    const start = new Date(slot.starts_at).getTime();
    expect(after).not.toContain(slot.starts_at);
    expect(after).not.toContain(new Date(start + 3_600_000).toISOString());
    const inBuffer = await book(await person(), {
      expert_id: e.userId,
      starts_at: new Date(start + 3_600_000).toISOString(),
    });
    expect(inBuffer.statusCode).toBe(409);
    expect(inBuffer.json().message).toBe(EXPERT_MESSAGES.slotTaken);
    // Both calendars hold it.
    const range = `start=${new Date(start - 86_400_000).toISOString()}&end=${new Date(start + 86_400_000).toISOString()}`;
    for (const side of [e, mentee]) {
      const items = (await call(side, 'GET', `${CALENDAR_API}/getItems?${range}`)).json().data;
      expect(items).toContainEqual(
        expect.objectContaining({
          uid: `expert-session-${session.session_id}`,
          kind: 'expert_session',
          start: slot.starts_at,
        }),
      );
    }
    const ics = await call(mentee, 'GET', `${EXPERT_SESSIONS_API}/downloadSession/${session.session_id}`);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VCALENDAR');
    expect(ics.body).toContain(`expert-session-${session.session_id}`);
    // A stranger cannot see, download or cancel it.
    const stranger = await person();
    expect(
      (await call(stranger, 'GET', `${EXPERT_SESSIONS_API}/downloadSession/${session.session_id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'POST', `${EXPERT_SESSIONS_API}/cancelSession/${session.session_id}`)).statusCode,
    ).toBe(404);
    // The expert heard of it.
    await t.app.events.drain();
    const notices = await t.database.system
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.user_id, e.userId), eq(notifications.category, 'experts')));
    expect(notices).toHaveLength(1);
    // Cancelling frees the slot and tells the other side.
    const cancelled = await call(e, 'POST', `${EXPERT_SESSIONS_API}/cancelSession/${session.session_id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect(
      (await call(e, 'POST', `${EXPERT_SESSIONS_API}/cancelSession/${session.session_id}`)).statusCode,
    ).toBe(409);
    expect((await slots(mentee, e.userId)).map((s) => s.starts_at)).toContain(slot.starts_at);
    await t.app.events.drain();
    const menteeNotices = await t.database.system
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.user_id, mentee.userId), eq(notifications.category, 'experts')));
    expect(menteeNotices.map((n) => n.title)).toEqual([expect.stringContaining('cancelled your session')]);
  });

  it('refuses times outside the hours, off the slot grid, in the past, with oneself, and bad bodies', async () => {
    const e = await expert();
    const mentee = await person();
    const slot = await laterSlot(mentee, e.userId);
    const start = new Date(slot.starts_at).getTime();
    const night = new Date(start - 9 * 3_600_000).toISOString();
    const outside = await book(mentee, { expert_id: e.userId, starts_at: night });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(EXPERT_MESSAGES.slotNotAvailable);
    const offGrid = await book(mentee, {
      expert_id: e.userId,
      starts_at: new Date(start + 30 * 60_000).toISOString(),
    });
    expect(offGrid.statusCode).toBe(400);
    const past = await book(mentee, {
      expert_id: e.userId,
      starts_at: new Date(Date.now() - 86_400_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(EXPERT_MESSAGES.slotPast);
    expect((await book(e, { expert_id: e.userId, starts_at: slot.starts_at })).json().message).toBe(
      EXPERT_MESSAGES.bookSelf,
    );
    expect((await book(mentee, { expert_id: e.userId, starts_at: 'soon' })).statusCode).toBe(400);
    expect(
      (await book(mentee, { expert_id: e.userId, starts_at: slot.starts_at, mentee_id: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await book(null as unknown as Actor, { expert_id: e.userId, starts_at: slot.starts_at })).statusCode,
    ).toBe(401);
    const rows = await t.database.system
      .select()
      .from(expertSessions)
      .where(eq(expertSessions.expert_id, e.userId));
    expect(rows).toHaveLength(0);
  });

  it('mails both sides and notifies them when the reminder job runs, and not for a cancelled session', async () => {
    const e = await expert();
    const mentee = await person();
    const slot = await laterSlot(mentee, e.userId);
    const session = (await book(mentee, { expert_id: e.userId, starts_at: slot.starts_at })).json().data;
    await t.database.system.transaction(async (tx) => {
      await t.app.jobs.enqueue(tx as never, 'experts.reminder', {
        session_id: session.session_id,
        kind: 'hour',
        starts_at: slot.starts_at,
      });
    });
    await t.app.jobs.drain('experts.reminder');
    await t.app.jobs.drain('mail.send');
    await t.app.events.drain();
    const mails = await t.database.system
      .select({ to: mailOutbox.to_address, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Reminder: Session with%'));
    const [expertUser, menteeUser] = await Promise.all([e, mentee].map((a) => userEmail(a.userId)));
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([expertUser, menteeUser]));
    for (const side of [e, mentee]) {
      const notices = await t.database.system
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.user_id, side.userId), like(notifications.title, 'Reminder:%')));
      expect(notices).toHaveLength(1);
    }
    // Once cancelled, a late reminder job sends nothing.
    await call(mentee, 'POST', `${EXPERT_SESSIONS_API}/cancelSession/${session.session_id}`);
    await t.database.system.transaction(async (tx) => {
      await t.app.jobs.enqueue(tx as never, 'experts.reminder', {
        session_id: session.session_id,
        kind: 'day',
        starts_at: slot.starts_at,
      });
    });
    await t.app.jobs.drain('experts.reminder');
    await t.app.jobs.drain('mail.send');
    const after = await t.database.system
      .select({ to: mailOutbox.to_address })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Reminder: Session with%tomorrow'));
    expect(after.map((m) => m.to)).not.toContain(menteeUser);
  });
});

async function userEmail(userId: number): Promise<string> {
  const { users } = await import('../../db/schema');
  const [row] = await t.database.system
    .select({ email: users.email })
    .from(users)
    .where(eq(users.user_id, userId));
  return row!.email;
}

describe('expert programs', () => {
  it('books sessions of a program up to its count, and shares notes in its room with both sides only', async () => {
    const e = await expert();
    const created = await call(e, 'POST', `${EXPERT_PROGRAMS_API}/createProgram`, {
      title: 'Six weeks to a seed round',
      session_count: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const programId = created.json().data.expert_program_id;
    const mentee = await person();
    const [first, , third] = (await slots(mentee, e.userId, 7)).filter(
      (s) => new Date(s.starts_at).getTime() > Date.now() + 2 * 86_400_000,
    );
    const booked = await book(mentee, {
      expert_id: e.userId,
      starts_at: first!.starts_at,
      expert_program_id: programId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.expert_program_id).toBe(programId);
    const full = await book(mentee, {
      expert_id: e.userId,
      starts_at: third!.starts_at,
      expert_program_id: programId,
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(EXPERT_MESSAGES.programFull);
    const engagementId = booked.json().data.engagement_id;
    const note = await call(mentee, 'POST', `${EXPERT_PROGRAMS_API}/createNote/${engagementId}`, {
      body: 'Deck v2 attached next time',
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(
      (await call(mentee, 'POST', `${EXPERT_PROGRAMS_API}/createNote/${engagementId}`, { body: '  ' }))
        .statusCode,
    ).toBe(400);
    for (const side of [e, mentee]) {
      const room = await call(side, 'GET', `${EXPERT_PROGRAMS_API}/getInteraction/${programId}`);
      expect(room.statusCode, room.body).toBe(200);
      expect(room.json().data.sessions).toHaveLength(1);
      expect(room.json().data.notes.map((n: { body: string }) => n.body)).toEqual([
        'Deck v2 attached next time',
      ]);
      const mine = await call(side, 'GET', `${EXPERT_PROGRAMS_API}/getMyPrograms`);
      expect(mine.json().data).toContainEqual(
        expect.objectContaining({ engagement_id: engagementId, role: side === e ? 'expert' : 'mentee' }),
      );
    }
    const stranger = await person();
    const strangerRoom = await call(stranger, 'GET', `${EXPERT_PROGRAMS_API}/getInteraction/${programId}`);
    expect(strangerRoom.json().data).toMatchObject({ engagement: null, sessions: [], notes: [] });
    expect(
      (
        await call(
          stranger,
          'GET',
          `${EXPERT_PROGRAMS_API}/getInteraction/${programId}?engagement_id=${engagementId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(stranger, 'POST', `${EXPERT_PROGRAMS_API}/createNote/${engagementId}`, { body: 'hi' }))
        .statusCode,
    ).toBe(404);
    // Only the expert changes the program; a rating waits for the session's end.
    expect(
      (await call(mentee, 'PUT', `${EXPERT_PROGRAMS_API}/updateProgram/${programId}`, { title: 'Mine now' }))
        .statusCode,
    ).toBe(404);
    const rated = await call(
      mentee,
      'POST',
      `${EXPERT_SESSIONS_API}/rateSession/${booked.json().data.session_id}`,
      {
        rating: 5,
      },
    );
    expect(rated.statusCode).toBe(400);
    expect(rated.json().message).toBe(EXPERT_MESSAGES.feedbackBeforeEnd);
    expect((await call(e, 'DELETE', `${EXPERT_PROGRAMS_API}/deleteProgram/${programId}`)).statusCode).toBe(
      200,
    );
    expect((await call(mentee, 'GET', `${EXPERT_PROGRAMS_API}/getProgram/${programId}`)).statusCode).toBe(
      404,
    );
  });

  it('lists programs with only its defaults and refuses a program from someone who is no expert', async () => {
    const nobody = await person();
    const refused = await call(nobody, 'POST', `${EXPERT_PROGRAMS_API}/createProgram`, {
      title: 'x',
      session_count: 2,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(EXPERT_MESSAGES.notAnExpert);
    const list = await call(nobody, 'GET', `${EXPERT_PROGRAMS_API}/getPrograms`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.page).toBe(1);
    expect((await call(nobody, 'GET', `${EXPERT_PROGRAMS_API}/getMyPrograms`)).json().data).toEqual([]);
    expect((await call(null, 'GET', `${EXPERT_PROGRAMS_API}/getPrograms`)).statusCode).toBe(401);
  });
});
