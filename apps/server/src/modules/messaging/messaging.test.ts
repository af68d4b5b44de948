import {
  CONVERSATIONS_API,
  FILES_API,
  MESSAGES_API,
  MESSAGING_LIMITS,
  MESSAGING_MESSAGES,
} from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { multipart, textBytes } from '../../test/upload-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** A user with a member role in each tenant given; acts in the first. */
async function person(tenantIds: number[]): Promise<Actor> {
  const user = await makeUser(t.database);
  if (tenantIds.length > 0) {
    await t.database.system
      .insert(userRoles)
      .values(tenantIds.map((tenant_id) => ({ user_id: user.user_id, role_id: 13, tenant_id })));
  }
  return member(user.user_id, tenantIds[0] ?? null);
}

/** Two people of one fresh tenant, and an outsider of another. */
async function trio() {
  const tenant = (await makeTenant(t.database)).tenant_id;
  const other = (await makeTenant(t.database)).tenant_id;
  return { tenant, a: await person([tenant]), b: await person([tenant]), c: await person([other]) };
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

async function open(actor: Actor, memberIds: number[], title?: string) {
  const response = await call(actor, 'POST', `${CONVERSATIONS_API}/createConversation`, {
    member_ids: memberIds,
    title,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data.conversation_id as number;
}

async function send(actor: Actor, conversationId: number, body: string, extra: Record<string, unknown> = {}) {
  return call(actor, 'POST', `${MESSAGES_API}/createMessage`, {
    conversation_id: conversationId,
    body,
    ...extra,
  });
}

const storedIn = async (conversationId: number) =>
  t.database.db.select().from(messages).where(eq(messages.conversation_id, conversationId));

describe('createConversation', () => {
  it('opens a direct conversation once; opening it again answers the same one', async () => {
    const { a, b } = await trio();
    const first = await call(a, 'POST', `${CONVERSATIONS_API}/createConversation`, {
      member_ids: [b.userId],
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      type: 'direct',
      my_role: 'owner',
      unread_count: 0,
      last_message: null,
    });
    expect(first.json().data.members.map((p: { user_id: number }) => p.user_id)).toEqual([b.userId]);
    const again = await call(b, 'POST', `${CONVERSATIONS_API}/createConversation`, {
      member_ids: [a.userId],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.conversation_id).toBe(first.json().data.conversation_id);
  });

  it('refuses someone one may not reach with 403 and stores nothing', async () => {
    const { a, c } = await trio();
    const response = await call(a, 'POST', `${CONVERSATIONS_API}/createConversation`, {
      member_ids: [c.userId],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGING_MESSAGES.unreachable);
    const list = await call(a, 'GET', `${CONVERSATIONS_API}/getConversations`);
    expect(list.json().data).toEqual([]);
  });

  it('lets a platform admin reach anyone, and the person answer', async () => {
    const { c } = await trio();
    const adminUser = await makeUser(t.database, { is_platform_admin: true });
    const admin = platformAdmin(adminUser.user_id);
    const id = await open(admin, [c.userId]);
    expect((await send(c, id, 'Thanks for reaching out')).statusCode).toBe(201);
  });

  it('answers 400 with details for bad input and stores nothing', async () => {
    const { a, b } = await trio();
    for (const payload of [
      {},
      { member_ids: [] },
      { member_ids: [b.userId, b.userId] },
      { member_ids: ['x'] },
      { member_ids: [b.userId], extra: 1 },
    ]) {
      const response = await call(a, 'POST', `${CONVERSATIONS_API}/createConversation`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toBeDefined();
    }
    const self = await call(a, 'POST', `${CONVERSATIONS_API}/createConversation`, { member_ids: [a.userId] });
    expect(self.statusCode).toBe(400);
    expect((await call(a, 'GET', `${CONVERSATIONS_API}/getConversations`)).json().data).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    const response = await call(null, 'POST', `${CONVERSATIONS_API}/createConversation`, { member_ids: [1] });
    expect(response.statusCode).toBe(401);
  });

  it('makes a group with a title, renamable by its members only', async () => {
    const { tenant, a, b, c } = await trio();
    const d = await person([tenant]);
    const id = await open(a, [b.userId, d.userId], 'Launch team');
    const item = (await call(b, 'GET', `${CONVERSATIONS_API}/getConversation/${id}`)).json().data;
    expect(item).toMatchObject({ type: 'group', title: 'Launch team', my_role: 'member' });
    expect(item.members).toHaveLength(2);
    const renamed = await call(b, 'PUT', `${CONVERSATIONS_API}/updateConversation/${id}`, {
      title: 'Launch',
    });
    expect(renamed.json().data.title).toBe('Launch');
    expect(
      (await call(c, 'PUT', `${CONVERSATIONS_API}/updateConversation/${id}`, { title: 'Mine' })).statusCode,
    ).toBe(404);
    expect(
      (await call(b, 'PUT', `${CONVERSATIONS_API}/updateConversation/${id}`, { title: '' })).statusCode,
    ).toBe(400);
  });
});

describe('conversations of others', () => {
  it("answers 404 for another user's conversation, even as a member of the same tenant", async () => {
    const { tenant, a, b } = await trio();
    const d = await person([tenant]);
    const id = await open(a, [b.userId]);
    await send(a, id, 'private');
    for (const [method, url] of [
      ['GET', `${CONVERSATIONS_API}/getConversation/${id}`],
      ['GET', `${MESSAGES_API}/getMessages?conversation_id=${id}`],
      ['POST', `${CONVERSATIONS_API}/markRead/${id}`],
      ['PUT', `${CONVERSATIONS_API}/muteConversation/${id}`],
    ] as const) {
      const payload = method === 'PUT' ? { muted: true } : method === 'POST' ? {} : undefined;
      expect((await call(d, method, url, payload)).statusCode, url).toBe(404);
    }
    expect((await send(d, id, 'let me in')).statusCode).toBe(404);
    expect(await storedIn(id)).toHaveLength(1);
    const search = await call(d, 'GET', `${MESSAGES_API}/searchMessages?q=private`);
    expect(search.json().data).toEqual([]);
  });

  it('keeps a member of another tenant out of a conversation whatever tenant they act in', async () => {
    const { a, b, c } = await trio();
    const id = await open(a, [b.userId]);
    expect(
      (await call({ ...c, tenantId: a.tenantId }, 'GET', `${CONVERSATIONS_API}/getConversation/${id}`))
        .statusCode,
    ).toBe(404);
  });
});

describe('messages', () => {
  it('sends, counts unread, marks read, and shows the last message first in the list', async () => {
    const { a, b } = await trio();
    const id = await open(a, [b.userId]);
    const typed = '  Hello <b>there</b> <img src=x onerror=alert(1)>, 1 < 2 &amp; <scr<i>ipt>x</script>  ';
    const sent = await send(a, id, typed);
    expect(sent.statusCode).toBe(201);
    // Markup is stripped and the rest kept as typed (trimmed); the web shows it as text.
    const text = 'Hello there , 1 < 2 &amp; x';
    expect(sent.json().data).toMatchObject({ body: text, deleted: false, edited_at: null });
    expect((await storedIn(id))[0]?.body).toBe(text);
    const listed = (await call(b, 'GET', `${CONVERSATIONS_API}/getConversations`)).json().data;
    expect(listed[0]).toMatchObject({ conversation_id: id, unread_count: 1, last_message: { body: text } });
    expect((await call(b, 'GET', `${CONVERSATIONS_API}/getUnreadCount`)).json().data).toMatchObject({
      unread: 1,
      latest: { conversation_id: id, sender_id: a.userId },
    });
    expect((await call(a, 'GET', `${CONVERSATIONS_API}/getUnreadCount`)).json().data.unread).toBe(0);
    const read = await call(b, 'POST', `${CONVERSATIONS_API}/markRead/${id}`, {});
    expect(read.json().data.unread_count).toBe(0);
    expect((await call(b, 'GET', `${CONVERSATIONS_API}/getUnreadCount`)).json().data).toEqual({
      unread: 0,
      latest: null,
    });
  });

  it('leaves a muted conversation out of the header count', async () => {
    const { a, b } = await trio();
    const id = await open(a, [b.userId]);
    await call(b, 'PUT', `${CONVERSATIONS_API}/muteConversation/${id}`, { muted: true });
    await send(a, id, 'quiet please');
    expect((await call(b, 'GET', `${CONVERSATIONS_API}/getUnreadCount`)).json().data.unread).toBe(0);
    expect((await call(b, 'GET', `${CONVERSATIONS_API}/getConversation/${id}`)).json().data).toMatchObject({
      muted: true,
      unread_count: 1,
    });
  });

  it('refuses empty, too long and malformed messages with 400 and stores nothing', async () => {
    const { a, b } = await trio();
    const id = await open(a, [b.userId]);
    for (const body of ['', '   ', '<p></p>', 'x'.repeat(MESSAGING_LIMITS.bodyMax + 1)]) {
      const response = await send(a, id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toBeDefined();
    }
    expect(
      (await call(a, 'POST', `${MESSAGES_API}/createMessage`, { conversation_id: 'one', body: 'hi' }))
        .statusCode,
    ).toBe(400);
    expect((await send(a, id, 'hi', { attachment_ids: ['not-a-uuid'] })).statusCode).toBe(400);
    expect(await storedIn(id)).toHaveLength(0);
    expect((await send(a, id, 'x'.repeat(MESSAGING_LIMITS.bodyMax))).statusCode).toBe(201);
  });

  it('answers 401 when signed out', async () => {
    expect((await call(null, 'GET', `${CONVERSATIONS_API}/getConversations`)).statusCode).toBe(401);
    expect(
      (await call(null, 'POST', `${MESSAGES_API}/createMessage`, { conversation_id: 1, body: 'x' }))
        .statusCode,
    ).toBe(401);
    expect((await call(null, 'GET', `${CONVERSATIONS_API}/getUnreadCount`)).statusCode).toBe(401);
  });

  it('replies only to a message of the same conversation', async () => {
    const { tenant, a, b } = await trio();
    const d = await person([tenant]);
    const id = await open(a, [b.userId]);
    const elsewhere = await open(a, [d.userId]);
    const first = (await send(a, id, 'question?')).json().data.message_id;
    const foreign = (await send(a, elsewhere, 'other')).json().data.message_id;
    const reply = await send(b, id, 'answer', { reply_to_message_id: first });
    expect(reply.json().data.reply_to).toMatchObject({ message_id: first, body: 'question?' });
    expect((await send(b, id, 'sneaky', { reply_to_message_id: foreign })).statusCode).toBe(400);
  });

  it('lets only the sender edit or delete, keeping a tombstone', async () => {
    const { a, b } = await trio();
    const id = await open(a, [b.userId]);
    const messageId = (await send(a, id, 'typo')).json().data.message_id;
    expect(
      (await call(b, 'PUT', `${MESSAGES_API}/updateMessage/${messageId}`, { body: 'hijack' })).statusCode,
    ).toBe(403);
    expect((await call(b, 'DELETE', `${MESSAGES_API}/deleteMessage/${messageId}`)).statusCode).toBe(403);
    const outsider = await person([]);
    expect((await call(outsider, 'DELETE', `${MESSAGES_API}/deleteMessage/${messageId}`)).statusCode).toBe(
      404,
    );
    const edited = await call(a, 'PUT', `${MESSAGES_API}/updateMessage/${messageId}`, { body: 'fixed' });
    expect(edited.json().data.body).toBe('fixed');
    expect(edited.json().data.edited_at).not.toBeNull();
    expect(
      (await call(a, 'PUT', `${MESSAGES_API}/updateMessage/${messageId}`, { body: '' })).statusCode,
    ).toBe(400);
    const deleted = await call(a, 'DELETE', `${MESSAGES_API}/deleteMessage/${messageId}`);
    expect(deleted.json().data).toMatchObject({ deleted: true, body: MESSAGING_MESSAGES.deletedMessage });
    const [row] = await storedIn(id);
    expect(row?.body).toBe('');
    const history = (await call(b, 'GET', `${MESSAGES_API}/getMessages?conversation_id=${id}`)).json().data;
    expect(history[0]).toMatchObject({
      message_id: messageId,
      deleted: true,
      body: MESSAGING_MESSAGES.deletedMessage,
    });
    expect(
      (await call(a, 'PUT', `${MESSAGES_API}/updateMessage/${messageId}`, { body: 'undo' })).statusCode,
    ).toBe(400);
  });

  it('pages history backwards with only its defaults, then with before', async () => {
    const { a, b } = await trio();
    const id = await open(a, [b.userId]);
    // Rows straight in: the flood limit is not what this test is about.
    await t.database.db.insert(messages).values(
      Array.from({ length: 25 }, (_, i) => ({
        conversation_id: id,
        sender_id: i % 2 ? a.userId : b.userId,
        body: `m${i}`,
      })),
    );
    const first = (await call(b, 'GET', `${MESSAGES_API}/getMessages?conversation_id=${id}`)).json();
    expect(first.data).toHaveLength(MESSAGING_LIMITS.pageDefault);
    expect(first.data[0].body).toBe('m24');
    expect(first.meta.next_cursor).not.toBeNull();
    const second = (
      await call(
        b,
        'GET',
        `${MESSAGES_API}/getMessages?conversation_id=${id}&before=${first.meta.next_cursor}`,
      )
    ).json();
    expect(second.data.map((m: { body: string }) => m.body)).toEqual(['m4', 'm3', 'm2', 'm1', 'm0']);
    expect(second.meta.next_cursor).toBeNull();
    expect((await call(b, 'GET', `${MESSAGES_API}/getMessages`)).statusCode).toBe(400);
    expect(
      (await call(b, 'GET', `${MESSAGES_API}/getMessages?conversation_id=${id}&limit=0`)).statusCode,
    ).toBe(400);
  });

  it('pages the conversation list by cursor, newest activity first', async () => {
    const { tenant, a } = await trio();
    const others = await Promise.all(Array.from({ length: 3 }, () => person([tenant])));
    const ids: number[] = [];
    for (const other of others) ids.push(await open(a, [other.userId]));
    await send(a, ids[0] as number, 'bump');
    const first = (await call(a, 'GET', `${CONVERSATIONS_API}/getConversations?limit=2`)).json();
    expect(first.data.map((c: { conversation_id: number }) => c.conversation_id)).toEqual([ids[0], ids[2]]);
    const rest = (
      await call(a, 'GET', `${CONVERSATIONS_API}/getConversations?limit=2&cursor=${first.meta.next_cursor}`)
    ).json();
    expect(rest.data.map((c: { conversation_id: number }) => c.conversation_id)).toEqual([ids[1]]);
    expect(rest.meta.next_cursor).toBeNull();
    expect((await call(a, 'GET', `${CONVERSATIONS_API}/getConversations?cursor=nonsense`)).statusCode).toBe(
      400,
    );
  });

  it("searches only within one's own conversations, and answers an empty search with nothing", async () => {
    const { tenant, a, b } = await trio();
    const d = await person([tenant]);
    const mine = await open(a, [b.userId]);
    const theirs = await open(b, [d.userId]);
    await send(a, mine, 'the pineapple plan');
    await send(b, theirs, 'pineapple secret');
    const found = (await call(a, 'GET', `${MESSAGES_API}/searchMessages?q=PINEAPPLE`)).json().data;
    expect(found.map((m: { body: string }) => m.body)).toEqual(['the pineapple plan']);
    expect((await call(a, 'GET', `${MESSAGES_API}/searchMessages`)).json().data).toEqual([]);
    expect((await call(a, 'GET', `${MESSAGES_API}/searchMessages?q=%25`)).json().data).toEqual([]);
  });

  it('rate limits a flood from one sender with 429, keeping what was accepted', async () => {
    const { a, b } = await trio();
    const id = await open(a, [b.userId]);
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGING_LIMITS.floodLimit + 3; i++)
      statuses.push((await send(a, id, `spam ${i}`)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MESSAGING_LIMITS.floodLimit);
    expect(statuses.at(-1)).toBe(429);
    expect(await storedIn(id)).toHaveLength(MESSAGING_LIMITS.floodLimit);
    // Another sender's budget is their own.
    expect((await send(b, id, 'calm')).statusCode).toBe(201);
  });
});

describe('blocks and leaving', () => {
  it('forbids new direct messages either way while blocked, and lists the blocked person', async () => {
    const { a, b } = await trio();
    const id = await open(a, [b.userId]);
    expect(
      (await call(b, 'POST', '/api/messaging/blocks/createBlock', { user_id: a.userId })).statusCode,
    ).toBe(201);
    expect(
      (await call(b, 'GET', '/api/messaging/blocks/getBlocks'))
        .json()
        .data.map((p: { user_id: number }) => p.user_id),
    ).toEqual([a.userId]);
    for (const [from, text] of [
      [a, 'hello?'],
      [b, 'nope'],
    ] as const) {
      const response = await send(from, id, text);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGING_MESSAGES.blocked);
    }
    expect(await storedIn(id)).toHaveLength(0);
    expect((await call(a, 'GET', `${CONVERSATIONS_API}/getConversation/${id}`)).json().data.blocked).toBe(
      true,
    );
    expect(
      (await call(b, 'POST', '/api/messaging/blocks/createBlock', { user_id: b.userId })).statusCode,
    ).toBe(400);
    expect((await call(b, 'DELETE', `/api/messaging/blocks/deleteBlock/${a.userId}`)).statusCode).toBe(200);
    expect((await send(a, id, 'hello again')).statusCode).toBe(201);
    expect((await call(b, 'DELETE', `/api/messaging/blocks/deleteBlock/${a.userId}`)).statusCode).toBe(404);
  });

  it('lets a member leave a group, which then answers 404; a direct one cannot be left', async () => {
    const { tenant, a, b } = await trio();
    const d = await person([tenant]);
    const group = await open(a, [b.userId, d.userId], 'Trio');
    expect((await call(b, 'POST', `${CONVERSATIONS_API}/leaveConversation/${group}`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `${CONVERSATIONS_API}/getConversation/${group}`)).statusCode).toBe(404);
    expect((await send(b, group, 'still here?')).statusCode).toBe(404);
    const members = (await call(a, 'GET', `${CONVERSATIONS_API}/getConversation/${group}`)).json().data
      .members;
    expect(members.map((p: { user_id: number }) => p.user_id)).toEqual([d.userId]);
    const direct = await open(a, [b.userId]);
    expect((await call(a, 'POST', `${CONVERSATIONS_API}/leaveConversation/${direct}`)).statusCode).toBe(400);
  });
});

describe('people and attachments', () => {
  it('finds only people one may reach, with its defaults', async () => {
    const { a, b, c } = await trio();
    const found = (await call(a, 'GET', '/api/messaging/people/getPeople'))
      .json()
      .data.map((p: { user_id: number }) => p.user_id);
    expect(found).toContain(b.userId);
    expect(found).not.toContain(c.userId);
    expect(found).not.toContain(a.userId);
    expect((await call(a, 'GET', `/api/messaging/people/getPeople?limit=500`)).statusCode).toBe(400);
  });

  it("lets members read an attachment, refuses others and someone else's file", async () => {
    const { tenant, a, b } = await trio();
    const d = await person([tenant]);
    const id = await open(a, [b.userId]);
    t.actAs(a);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${FILES_API}/upload`,
      ...multipart({ name: 'notes.txt', type: 'text/plain', data: textBytes(200) }, { purpose: 'document' }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.json().data.file_id as string;
    expect((await call(b, 'GET', `${FILES_API}/content/${fileId}`)).statusCode).toBe(404);
    expect((await send(b, id, 'not mine', { attachment_ids: [fileId] })).statusCode).toBe(400);
    const sent = await send(a, id, 'see attached', { attachment_ids: [fileId] });
    expect(sent.json().data.attachments).toEqual([
      expect.objectContaining({ file_id: fileId, name: 'notes.txt', content_type: 'text/plain' }),
    ]);
    expect((await call(b, 'GET', `${FILES_API}/content/${fileId}`)).statusCode).toBe(200);
    expect((await call(d, 'GET', `${FILES_API}/content/${fileId}`)).statusCode).toBe(404);
  });
});
