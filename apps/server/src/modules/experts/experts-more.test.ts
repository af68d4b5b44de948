import {
  EXPERT_MESSAGES,
  EXPERT_PROGRAMS_API,
  EXPERT_SESSIONS_API,
  EXPERTS_API,
  FILES_API,
} from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expertFiles, expertSessions } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { multipart, textBytes } from '../../test/upload-fixtures';

/** Issue 20 point 1: sharing an upload in an engagement, and the caller's own sessions. */

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function person(tenantId: number | null = null, first_name = 'Test'): Promise<Actor> {
  const user = await makeUser(t.database, { first_name });
  return member(user.user_id, tenantId);
}

function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const everyDay = (start: number, end: number) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: start, end_minute: end }));

/** An expert in Berlin, 09:00 to 17:00 every day, hour-long sessions with 15 minutes between. */
async function expert(options: { tenantId?: number | null; audience?: 'platform' | 'tenant' } = {}) {
  const actor = await person(options.tenantId ?? null, 'Erika');
  const profile = await call(actor, 'PUT', `${EXPERTS_API}/updateMyProfile`, {
    headline: 'Fundraising for hardware startups',
    expertise: ['fundraising'],
    languages: ['en'],
    time_zone: 'Europe/Berlin',
    audience: options.audience ?? 'platform',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const hours = await call(actor, 'PUT', `${EXPERTS_API}/updateMyAvailability`, {
    weekly: everyDay(9 * 60, 17 * 60),
  });
  expect(hours.statusCode, hours.body).toBe(200);
  return actor;
}

/** Free slots at least two days ahead (clear of "now" and of the day's reminder). */
async function laterSlots(viewer: Actor, expertId: number) {
  const answer = await call(viewer, 'GET', `${EXPERTS_API}/getSlots/${expertId}?days=7`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().data as { starts_at: string }[]).filter(
    (slot) => new Date(slot.starts_at).getTime() > Date.now() + 2 * 86_400_000,
  );
}

async function book(actor: Actor, body: Record<string, unknown>) {
  const response = await call(actor, 'POST', `${EXPERT_SESSIONS_API}/createSession`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { session_id: number; engagement_id: number | null; starts_at: string };
}

/** A program of an expert and a mentee who booked one of its sessions: their engagement. */
async function engagement(options: { tenantId?: number | null; audience?: 'platform' | 'tenant' } = {}) {
  const e = await expert(options);
  const program = await call(e, 'POST', `${EXPERT_PROGRAMS_API}/createProgram`, {
    title: 'Six weeks to a seed round',
    session_count: 3,
  });
  expect(program.statusCode, program.body).toBe(201);
  const programId = program.json().data.expert_program_id as number;
  const mentee = await person(options.tenantId ?? null, 'Mona');
  const [slot] = await laterSlots(mentee, e.userId);
  const session = await book(mentee, {
    expert_id: e.userId,
    starts_at: slot!.starts_at,
    expert_program_id: programId,
  });
  return { e, mentee, programId, engagementId: session.engagement_id! };
}

async function upload(actor: Actor, name: string) {
  t.actAs(actor);
  const response = await t.app.inject({
    method: 'POST',
    url: `${FILES_API}/upload`,
    ...multipart({ name, type: 'text/plain', data: textBytes(300) }, { purpose: 'document' }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.file_id as string;
}

const addFile = (actor: Actor | null, engagementId: number | string, body: unknown) =>
  call(actor, 'POST', `${EXPERT_PROGRAMS_API}/addFile/${engagementId}`, body);
const content = (actor: Actor, fileId: string) => call(actor, 'GET', `${FILES_API}/content/${fileId}`);
const sharedIn = (engagementId: number) =>
  t.database.system
    .select({ file_id: expertFiles.file_id, added_by: expertFiles.added_by })
    .from(expertFiles)
    .where(eq(expertFiles.engagement_id, engagementId));

describe('addFile', () => {
  it('shares the caller’s upload in the room: both sides see it listed and may read it, a stranger may not', async () => {
    const { e, mentee, programId, engagementId } = await engagement();
    const fileId = await upload(mentee, 'deck.txt');
    expect((await content(e, fileId)).statusCode).toBe(404);

    const response = await addFile(mentee, engagementId, { file_id: fileId });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ data: { file_id: fileId } });
    expect(await sharedIn(engagementId)).toEqual([{ file_id: fileId, added_by: mentee.userId }]);

    for (const side of [e, mentee]) {
      const room = await call(
        side,
        'GET',
        `${EXPERT_PROGRAMS_API}/getInteraction/${programId}?engagement_id=${engagementId}`,
      );
      expect(room.statusCode, room.body).toBe(200);
      expect(room.json().data.files).toEqual([
        {
          file_id: fileId,
          name: 'deck.txt',
          added_by: mentee.userId,
          added_by_name: 'Mona User',
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
      expect((await content(side, fileId)).statusCode).toBe(200);
    }
    expect((await content(await person(), fileId)).statusCode).toBe(404);

    // Sharing it again changes nothing; the expert shares an upload of its own the same way.
    expect((await addFile(mentee, engagementId, { file_id: fileId })).statusCode).toBe(201);
    const own = await upload(e, 'term-sheet.txt');
    expect((await addFile(e, engagementId, { file_id: own })).statusCode).toBe(201);
    expect((await sharedIn(engagementId)).map((row) => row.file_id).sort()).toEqual([fileId, own].sort());
    expect((await content(mentee, own)).statusCode).toBe(200);
  });

  it('refuses a malformed body with a 400 naming the field, and shares nothing', async () => {
    const { mentee, engagementId } = await engagement();
    const fileId = await upload(mentee, 'notes.txt');
    const cases: [unknown, RegExp][] = [
      [{ file_id: 'not-a-uuid' }, /^Invalid body: file_id: /],
      [{}, /^Invalid body: file_id: /],
      [{ file_id: fileId, engagement_id: 1 }, /^Invalid body: /],
    ];
    for (const [body, message] of cases) {
      const response = await addFile(mentee, engagementId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const badId = await addFile(mentee, '01', { file_id: fileId });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^Invalid params: id: /);
    expect(await sharedIn(engagementId)).toEqual([]);
  });

  it('shares only the caller’s own live uploads: another’s, an unknown or a deleted one is a 400', async () => {
    const { e, mentee, engagementId } = await engagement();
    const theirs = await upload(e, 'expert-only.txt');
    const deleted = await upload(mentee, 'gone.txt');
    const removed = await call(mentee, 'DELETE', `${FILES_API}/deleteFile/${deleted}/${mentee.userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    for (const fileId of [theirs, '00000000-0000-4000-8000-000000000000', deleted]) {
      const response = await addFile(mentee, engagementId, { file_id: fileId });
      expect(response.statusCode, fileId).toBe(400);
      expect(response.json().message).toBe(EXPERT_MESSAGES.fileNotYours);
    }
    expect(await sharedIn(engagementId)).toEqual([]);
    expect((await content(mentee, theirs)).statusCode).toBe(404);
  });

  it('answers 401 signed out and 404 to anyone not a side of the engagement, sharing nothing', async () => {
    const { e, programId, engagementId } = await engagement();
    expect(
      (await addFile(null, engagementId, { file_id: '00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(401);
    // Another mentee of the same program is a side of its own engagement, not of this one.
    const otherMentee = await person();
    const [, , slot] = await laterSlots(otherMentee, e.userId);
    const other = await book(otherMentee, {
      expert_id: e.userId,
      starts_at: slot!.starts_at,
      expert_program_id: programId,
    });
    expect(other.engagement_id).not.toBe(engagementId);
    for (const outsider of [otherMentee, await person()]) {
      const fileId = await upload(outsider, 'mine.txt');
      const response = await addFile(outsider, engagementId, { file_id: fileId });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(EXPERT_MESSAGES.engagementNotFound);
    }
    expect(await sharedIn(engagementId)).toEqual([]);
  });

  it('keeps an organisation-only engagement from another tenant’s people (404)', async () => {
    const tenantA = (await makeTenant(t.database)).tenant_id;
    const tenantB = (await makeTenant(t.database)).tenant_id;
    const { e, mentee, engagementId } = await engagement({ tenantId: tenantA, audience: 'tenant' });
    const fileId = await upload(mentee, 'inside.txt');
    expect((await addFile(mentee, engagementId, { file_id: fileId })).statusCode).toBe(201);
    const outsider = await person(tenantB);
    const theirs = await upload(outsider, 'outside.txt');
    const refused = await addFile(outsider, engagementId, { file_id: theirs });
    expect(refused.statusCode).toBe(404);
    expect((await content(outsider, fileId)).statusCode).toBe(404);
    expect((await content(await person(tenantA), fileId)).statusCode).toBe(404);
    expect((await content(e, fileId)).statusCode).toBe(200);
    expect((await sharedIn(engagementId)).map((row) => row.file_id)).toEqual([fileId]);
  });
});

describe('getMySessions', () => {
  type Session = { session_id: number; status: string; my_rating: number | null; starts_at: string };
  const mine = async (actor: Actor, query = '') => {
    const response = await call(actor, 'GET', `${EXPERT_SESSIONS_API}/getMySessions${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Session[];
  };

  /** Moves a session back in time by whole days, as time passing would (booking refuses the past). */
  const moveBack = (sessionId: number, days: number) =>
    t.database.system
      .update(expertSessions)
      .set({
        starts_at: sql`${expertSessions.starts_at} - make_interval(days => ${days})`,
        ends_at: sql`${expertSessions.ends_at} - make_interval(days => ${days})`,
      })
      .where(eq(expertSessions.session_id, sessionId));

  it('lists the caller’s upcoming booked sessions on either side, soonest first, with both names', async () => {
    const e = await expert();
    const mentee = await person(null, 'Mona');
    const [first, second, third] = await laterSlots(mentee, e.userId).then((list) => [
      list[0],
      list[2],
      list[4],
    ]);
    // Booked out of order; the cancelled one and a past one stay out of the upcoming list.
    const later = await book(mentee, {
      expert_id: e.userId,
      starts_at: second!.starts_at,
      topic: 'Pitch deck',
    });
    const sooner = await book(mentee, { expert_id: e.userId, starts_at: first!.starts_at });
    const cancelled = await book(mentee, { expert_id: e.userId, starts_at: third!.starts_at });
    expect(
      (await call(e, 'POST', `${EXPERT_SESSIONS_API}/cancelSession/${cancelled.session_id}`)).statusCode,
    ).toBe(200);
    const past = await book(mentee, {
      expert_id: e.userId,
      starts_at: (await laterSlots(mentee, e.userId)).at(-1)!.starts_at,
    });
    await moveBack(past.session_id, 10);

    const upcoming = await mine(mentee);
    expect(upcoming.map((s) => s.session_id)).toEqual([sooner.session_id, later.session_id]);
    expect(upcoming[1]).toMatchObject({
      expert_id: e.userId,
      expert_name: 'Erika User',
      mentee_id: mentee.userId,
      mentee_name: 'Mona User',
      engagement_id: null,
      expert_program_id: null,
      starts_at: second!.starts_at,
      topic: 'Pitch deck',
      status: 'booked',
      my_rating: null,
      ratings: [],
    });
    expect((await mine(mentee, '?when=upcoming')).map((s) => s.session_id)).toEqual(
      upcoming.map((s) => s.session_id),
    );
    // The expert sees the same sessions from the other side.
    expect((await mine(e)).map((s) => s.session_id)).toEqual([sooner.session_id, later.session_id]);
  });

  it('lists past sessions newest first, cancelled ones included, each with the caller’s own rating', async () => {
    const e = await expert();
    const mentee = await person();
    const [a, b] = await laterSlots(mentee, e.userId).then((list) => [list[0], list[2]]);
    const older = await book(mentee, { expert_id: e.userId, starts_at: a!.starts_at });
    const newer = await book(mentee, { expert_id: e.userId, starts_at: b!.starts_at });
    await moveBack(older.session_id, 20);
    await moveBack(newer.session_id, 10);
    await t.database.system
      .update(expertSessions)
      .set({ status: 'cancelled', cancelled_at: new Date() })
      .where(eq(expertSessions.session_id, older.session_id));
    const rated = await call(mentee, 'POST', `${EXPERT_SESSIONS_API}/rateSession/${newer.session_id}`, {
      rating: 4,
    });
    expect(rated.statusCode, rated.body).toBe(200);

    const past = await mine(mentee, '?when=past');
    expect(past.map((s) => [s.session_id, s.status])).toEqual([
      [newer.session_id, 'booked'],
      [older.session_id, 'cancelled'],
    ]);
    expect(past[0]!.my_rating).toBe(4);
    expect((await mine(e, '?when=past')).map((s) => [s.session_id, s.my_rating])).toEqual([
      [newer.session_id, null],
      [older.session_id, null],
    ]);
    expect(await mine(mentee)).toEqual([]);
  });

  it('refuses an unknown period or query field with a 400 naming it', async () => {
    const someone = await person();
    for (const query of ['?when=someday', '?when=', '?limit=5']) {
      const response = await call(someone, 'GET', `${EXPERT_SESSIONS_API}/getMySessions${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^Invalid querystring: /);
    }
  });

  it('answers 401 signed out, and shows nobody else’s sessions to any other person or tenant', async () => {
    expect((await call(null, 'GET', `${EXPERT_SESSIONS_API}/getMySessions`)).statusCode).toBe(401);
    const tenantA = (await makeTenant(t.database)).tenant_id;
    const e = await expert({ tenantId: tenantA, audience: 'tenant' });
    const mentee = await person(tenantA);
    const [slot] = await laterSlots(mentee, e.userId);
    const session = await book(mentee, { expert_id: e.userId, starts_at: slot!.starts_at });
    expect((await mine(mentee)).map((s) => s.session_id)).toEqual([session.session_id]);
    const strangers = [
      await person(),
      await person(tenantA),
      await person((await makeTenant(t.database)).tenant_id),
    ];
    for (const stranger of strangers) {
      expect(await mine(stranger)).toEqual([]);
      expect(await mine(stranger, '?when=past')).toEqual([]);
    }
  });
});
