import { DIARY_API, NOTES_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, notes } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22 point 5: private notes and the diary; only the author ever sees them. */

let t: TestApp;
let tenantA: number;
let tenantB: number;

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
});
afterAll(async () => {
  await t?.close();
});

const newUser = async () => (await makeUser(t.database)).user_id;

function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createNote(actor: Actor, payload: Record<string, unknown>) {
  const response = await call(actor, 'POST', `${NOTES_API}/createNote`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { note_id: number; body: string; tags: string[]; user_id: number };
}

describe('notes', () => {
  it('creates a note for the caller, sanitising the body and normalising tags', async () => {
    const me = member(await newUser(), tenantA);
    const created = await createNote(me, {
      title: 'Pitch ideas',
      body: '<p onclick="x()">Hello <script>alert(1)</script><strong>world</strong></p>',
      tags: ['Ideas', 'ideas ', 'pitch'],
      created_by: 999_999,
    });
    expect(created.body).toBe('<p>Hello <strong>world</strong></p>');
    expect(created.tags).toEqual(['ideas', 'pitch']);
    expect(created.user_id).toBe(me.userId);
  });

  it('lists only my notes with its defaults, newest change first, paginated by 10', async () => {
    const me = member(await newUser(), tenantA);
    const other = member(await newUser(), tenantA);
    for (let i = 0; i < 12; i++) await createNote(me, { title: `Note ${i}` });
    await createNote(other, { title: 'Not mine' });
    const response = await call(me, 'GET', `${NOTES_API}/getNotes`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toHaveLength(10);
    expect(body.data[0].title).toBe('Note 11');
    expect(body.meta).toMatchObject({ page: 1, limit: 10, total: 12, totalPages: 2 });
    const second = (await call(me, 'GET', `${NOTES_API}/getNotes?page=2`)).json();
    expect(second.data.map((row: { title: string }) => row.title)).toEqual(['Note 1', 'Note 0']);
  });

  it('searches by word in title and text (not markup) and filters by tag', async () => {
    const me = member(await newUser(), tenantA);
    await createNote(me, {
      title: 'Market research',
      body: '<p>Talk to <strong>farmers</strong></p>',
      tags: ['research'],
    });
    await createNote(me, { title: 'Shopping', body: '<p>Milk</p>', tags: ['home'] });
    const words = (await call(me, 'GET', `${NOTES_API}/getNotes?search=farmers`)).json();
    expect(words.data.map((row: { title: string }) => row.title)).toEqual(['Market research']);
    const markup = (await call(me, 'GET', `${NOTES_API}/getNotes?search=strong`)).json();
    expect(markup.data).toHaveLength(0);
    const tagged = (await call(me, 'GET', `${NOTES_API}/getNotes?tag=home`)).json();
    expect(tagged.data.map((row: { title: string }) => row.title)).toEqual(['Shopping']);
    const tags = (await call(me, 'GET', `${NOTES_API}/getNoteTags`)).json();
    expect(tags.data).toEqual(
      expect.arrayContaining([
        { tag: 'research', count: 1 },
        { tag: 'home', count: 1 },
      ]),
    );
  });

  it('answers 404 to another user, a platform admin and the author in another tenant', async () => {
    const me = member(await newUser(), tenantA);
    const { note_id } = await createNote(me, { title: 'Secret' });
    const strangers: Actor[] = [
      member(await newUser(), tenantA),
      platformAdmin(await newUser()),
      platformAdmin(await newUser(), tenantA),
      member(me.userId, tenantB),
    ];
    for (const stranger of strangers) {
      expect((await call(stranger, 'GET', `${NOTES_API}/getNote/${note_id}`)).statusCode).toBe(404);
      const update = await call(stranger, 'PUT', `${NOTES_API}/updateNote/${note_id}`, { title: 'Mine now' });
      expect(update.statusCode).toBe(404);
      const removal = await call(stranger, 'DELETE', `${NOTES_API}/deleteNote/${note_id}/${stranger.userId}`);
      expect(removal.statusCode).toBe(404);
      const listed = (await call(stranger, 'GET', `${NOTES_API}/getNotes?search=Secret`)).json();
      expect(listed.data).toHaveLength(0);
    }
    const [row] = await t.database.system.select().from(notes).where(eq(notes.note_id, note_id));
    expect(row?.title).toBe('Secret');
    expect(row?.is_deleted).toBe(false);
  });

  it('refuses signed-out callers with 401', async () => {
    expect((await call(null, 'GET', `${NOTES_API}/getNotes`)).statusCode).toBe(401);
    expect((await call(null, 'POST', `${NOTES_API}/createNote`, { title: 'x' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const me = member(await newUser(), tenantA);
    const empty = await call(me, 'POST', `${NOTES_API}/createNote`, { title: '  ', tags: ['<b>'] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().details)).toContain('title');
    const badTag = await call(me, 'GET', `${NOTES_API}/getNotes?tag=%3Cx%3E`);
    expect(badTag.statusCode).toBe(400);
    const rows = await t.database.system.select().from(notes).where(eq(notes.user_id, me.userId));
    expect(rows).toHaveLength(0);
  });

  it('edits and deletes my note; deleting needs my own user_id in the path', async () => {
    const me = member(await newUser(), null);
    const { note_id } = await createNote(me, { title: 'Draft', tags: ['a'] });
    const updated = await call(me, 'PUT', `${NOTES_API}/updateNote/${note_id}`, { title: 'Final', tags: [] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Final', tags: [] });
    const wrongUser = await call(me, 'DELETE', `${NOTES_API}/deleteNote/${note_id}/${me.userId + 1}`);
    expect(wrongUser.statusCode).toBe(403);
    expect((await call(me, 'DELETE', `${NOTES_API}/deleteNote/${note_id}/${me.userId}`)).statusCode).toBe(
      200,
    );
    expect((await call(me, 'GET', `${NOTES_API}/getNote/${note_id}`)).statusCode).toBe(404);
  });

  it('leaves no trace of a note in the admin center audit', async () => {
    const me = member(await newUser(), tenantA);
    await createNote(me, { title: 'Private audit check' });
    const rows = await t.database.system
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actor_user_id, me.userId));
    expect(rows).toHaveLength(0);
  });
});

describe('diary', () => {
  const create = (actor: Actor, payload: Record<string, unknown>) =>
    call(actor, 'POST', `${DIARY_API}/createDiaryEntry`, payload);

  it('lists my entries newest day first with its defaults, and one day by filter', async () => {
    const me = member(await newUser(), tenantA);
    for (const day of ['2026-01-01', '2026-01-03', '2026-01-02', '2026-01-03']) {
      expect((await create(me, { entry_date: day, body: `<p>On ${day}</p>` })).statusCode).toBe(201);
    }
    await create(member(await newUser(), tenantA), { entry_date: '2026-01-04', body: '<p>Not mine</p>' });
    const list = (await call(me, 'GET', `${DIARY_API}/getDiaryEntries`)).json();
    expect(list.data.map((row: { entry_date: string }) => row.entry_date)).toEqual([
      '2026-01-03',
      '2026-01-03',
      '2026-01-02',
      '2026-01-01',
    ]);
    expect(list.meta).toMatchObject({ page: 1, limit: 10, total: 4 });
    const filter = encodeURIComponent(JSON.stringify({ entry_date: '2026-01-03' }));
    const day = (await call(me, 'GET', `${DIARY_API}/getDiaryEntries?filterFields=${filter}`)).json();
    expect(day.data).toHaveLength(2);
  });

  it('refuses a malformed date or an empty body with 400', async () => {
    const me = member(await newUser(), tenantA);
    const badDate = await create(me, { entry_date: '31/01/2026', body: '<p>x</p>' });
    expect(badDate.statusCode).toBe(400);
    expect(JSON.stringify(badDate.json().details)).toContain('entry_date');
    expect((await create(me, { entry_date: '2026-01-31', body: '' })).statusCode).toBe(400);
  });

  it('keeps entries private: 404 for another user, another tenant; 401 signed out', async () => {
    const me = member(await newUser(), tenantA);
    const created = await create(me, { entry_date: '2026-02-01', body: '<p>Dear diary</p>' });
    const id = created.json().data.entry_id as number;
    for (const stranger of [
      member(await newUser(), tenantA),
      member(me.userId, tenantB),
      platformAdmin(await newUser()),
    ]) {
      expect((await call(stranger, 'GET', `${DIARY_API}/getDiaryEntry/${id}`)).statusCode).toBe(404);
      expect(
        (await call(stranger, 'PUT', `${DIARY_API}/updateDiaryEntry/${id}`, { body: '<p>changed</p>' }))
          .statusCode,
      ).toBe(404);
    }
    expect((await call(null, 'GET', `${DIARY_API}/getDiaryEntries`)).statusCode).toBe(401);
    const mine = await call(me, 'PUT', `${DIARY_API}/updateDiaryEntry/${id}`, { title: 'Sunday' });
    expect(mine.json().data).toMatchObject({ title: 'Sunday', body: '<p>Dear diary</p>' });
    expect((await call(me, 'DELETE', `${DIARY_API}/deleteDiaryEntry/${id}/${me.userId}`)).statusCode).toBe(
      200,
    );
  });
});
