import { BLOCKS_API, CONVERSATIONS_API, MESSAGES_API, MESSAGING_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers, userBlocks, userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/**
 * Muting a conversation and listing one's blocks, beyond messaging.test.ts. A muted conversation
 * keeps its own unread count but leaves the header count and its `latest` (the web's toast), which
 * is how the module keeps it quiet (docs/messaging.md).
 */

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

/** A user with a member role in the tenant given; acts in it. */
async function person(tenantId: number): Promise<Actor> {
  const user = await makeUser(t.database);
  await t.database.system
    .insert(userRoles)
    .values({ user_id: user.user_id, role_id: 13, tenant_id: tenantId });
  return member(user.user_id, tenantId);
}

/** Three people of one fresh tenant, and an outsider of another. */
async function people() {
  const tenant = (await makeTenant(t.database)).tenant_id;
  const other = (await makeTenant(t.database)).tenant_id;
  return {
    other,
    a: await person(tenant),
    b: await person(tenant),
    d: await person(tenant),
    c: await person(other),
  };
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

async function send(actor: Actor, conversationId: number, body: string) {
  const response = await call(actor, 'POST', `${MESSAGES_API}/createMessage`, {
    conversation_id: conversationId,
    body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.message_id as number;
}

const mute = (actor: Actor | null, conversationId: number | string, payload: unknown = { muted: true }) =>
  call(actor, 'PUT', `${CONVERSATIONS_API}/muteConversation/${conversationId}`, payload);

const unreadOf = async (actor: Actor) =>
  (await call(actor, 'GET', `${CONVERSATIONS_API}/getUnreadCount`)).json().data as {
    unread: number;
    latest: { conversation_id: number; message_id: number } | null;
  };

const conversationOf = async (actor: Actor, conversationId: number) =>
  (await call(actor, 'GET', `${CONVERSATIONS_API}/getConversation/${conversationId}`)).json().data;

/** Each member's stored muted flag, by user id. */
async function mutedFlags(conversationId: number): Promise<Record<number, boolean>> {
  const rows = await t.database.system
    .select({ user_id: conversationMembers.user_id, muted: conversationMembers.muted })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversation_id, conversationId));
  return Object.fromEntries(rows.map((row) => [row.user_id, row.muted]));
}

describe('conversations/muteConversation', () => {
  it('mutes for the caller only: the header count and its toast skip the conversation, whose own count stays', async () => {
    const { a, b, d } = await people();
    const quiet = await open(a, [b.userId]);
    const loud = await open(d, [b.userId]);
    const muted = await mute(b, quiet);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json().data).toMatchObject({ conversation_id: quiet, muted: true, my_role: 'member' });
    expect(await mutedFlags(quiet)).toEqual({ [a.userId]: false, [b.userId]: true });
    expect((await conversationOf(a, quiet)).muted).toBe(false);

    await send(a, quiet, 'while you were away');
    expect(await unreadOf(b)).toEqual({ unread: 0, latest: null });
    expect(await conversationOf(b, quiet)).toMatchObject({ muted: true, unread_count: 1 });
    const listed = (await call(b, 'GET', `${CONVERSATIONS_API}/getConversations`)).json().data;
    expect(listed.find((row: { conversation_id: number }) => row.conversation_id === quiet)).toMatchObject({
      muted: true,
      unread_count: 1,
    });
    // The sender's side is untouched: a's own count does not change either way.
    expect((await unreadOf(a)).unread).toBe(0);

    // Another conversation still counts and still raises the toast.
    const fromD = await send(d, loud, 'hello');
    expect(await unreadOf(b)).toMatchObject({
      unread: 1,
      latest: { conversation_id: loud, message_id: fromD },
    });
  });

  it('unmuting restores the count and the toast, including what came while muted', async () => {
    const { a, b } = await people();
    const id = await open(a, [b.userId]);
    expect((await mute(b, id)).statusCode).toBe(200);
    // Muting twice keeps it muted.
    expect((await mute(b, id)).json().data.muted).toBe(true);
    await send(a, id, 'one');
    const last = await send(a, id, 'two');
    expect((await unreadOf(b)).unread).toBe(0);
    const unmuted = await mute(b, id, { muted: false });
    expect(unmuted.statusCode, unmuted.body).toBe(200);
    expect(unmuted.json().data).toMatchObject({ muted: false, unread_count: 2 });
    expect(await mutedFlags(id)).toEqual({ [a.userId]: false, [b.userId]: false });
    expect(await unreadOf(b)).toMatchObject({
      unread: 2,
      latest: { conversation_id: id, message_id: last, body: 'two', sender_id: a.userId },
    });
  });

  it('mutes a group for the caller alone', async () => {
    const { a, b, d } = await people();
    const group = await open(a, [b.userId, d.userId], 'Launch');
    expect((await mute(b, group)).statusCode).toBe(200);
    await send(a, group, 'standup?');
    expect((await unreadOf(b)).unread).toBe(0);
    expect(await unreadOf(d)).toMatchObject({ unread: 1, latest: { conversation_id: group } });
    expect(await mutedFlags(group)).toEqual({ [a.userId]: false, [b.userId]: true, [d.userId]: false });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { a, b } = await people();
    const id = await open(a, [b.userId]);
    for (const payload of [{}, { muted: 'yes' }, { muted: 1 }, { muted: null }, { muted: true, extra: 1 }]) {
      const response = await mute(b, id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details, JSON.stringify(payload)).toBeDefined();
    }
    t.actAs(b);
    const noBody = await t.app.inject({ method: 'PUT', url: `${CONVERSATIONS_API}/muteConversation/${id}` });
    expect(noBody.statusCode).toBe(400);
    for (const badId of ['abc', '0', '-1', '1.5']) expect((await mute(b, badId)).statusCode, badId).toBe(400);
    expect(await mutedFlags(id)).toEqual({ [a.userId]: false, [b.userId]: false });
  });

  it('answers 401 signed out, and 404 to anyone not in the conversation, changing nothing', async () => {
    const { a, b, c, d } = await people();
    const direct = await open(a, [b.userId]);
    const group = await open(a, [b.userId, d.userId], 'Trio');
    expect((await mute(null, direct)).statusCode).toBe(401);
    // Another member of the same tenant; an outsider acting in the conversation's tenant.
    for (const actor of [d, { ...c, tenantId: a.tenantId }]) {
      const response = await mute(actor, direct);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGING_MESSAGES.conversationNotFound);
    }
    // A member who left a group is no longer in it.
    expect((await call(d, 'POST', `${CONVERSATIONS_API}/leaveConversation/${group}`)).statusCode).toBe(200);
    expect((await mute(d, group)).statusCode).toBe(404);
    expect((await mute(a, 2_147_000_000)).statusCode).toBe(404);
    expect(await mutedFlags(direct)).toEqual({ [a.userId]: false, [b.userId]: false });
    expect(await mutedFlags(group)).toEqual({ [a.userId]: false, [b.userId]: false, [d.userId]: false });
  });
});

describe('blocks/getBlocks', () => {
  const blocksOf = async (actor: Actor) => {
    const response = await call(actor, 'GET', `${BLOCKS_API}/getBlocks`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { user_id: number }[];
  };
  const block = async (blocker: Actor, blocked: Actor) =>
    expect(
      (await call(blocker, 'POST', `${BLOCKS_API}/createBlock`, { user_id: blocked.userId })).statusCode,
    ).toBe(201);

  it('lists whom I blocked, oldest first, as people with a name and no email', async () => {
    const { a, b, c } = await people();
    await t.database.system
      .insert(userBlocks)
      .values({ blocker_id: a.userId, blocked_id: b.userId, created_at: new Date(Date.now() - 60_000) });
    // Anyone may be blocked, reachable or not.
    await block(a, c);
    const listed = await blocksOf(a);
    expect(listed.map((row) => row.user_id)).toEqual([b.userId, c.userId]);
    expect(listed[0]).toEqual({
      user_id: b.userId,
      name: 'Test User',
      username: expect.any(String),
      profile_image: null,
    });
    expect(JSON.stringify(listed)).not.toContain('@example.test');
  });

  it("never lists who blocked me, nor anyone else's blocks", async () => {
    const { a, b, c, d } = await people();
    await block(b, a);
    await block(d, c);
    expect(await blocksOf(a)).toEqual([]);
    expect((await blocksOf(b)).map((row) => row.user_id)).toEqual([a.userId]);
    expect((await blocksOf(d)).map((row) => row.user_id)).toEqual([c.userId]);
    await block(a, d);
    expect((await blocksOf(a)).map((row) => row.user_id)).toEqual([d.userId]);
  });

  it('drops a person once unblocked', async () => {
    const { a, b, d } = await people();
    await block(a, b);
    await block(a, d);
    expect((await call(a, 'DELETE', `${BLOCKS_API}/deleteBlock/${b.userId}`)).statusCode).toBe(200);
    expect((await blocksOf(a)).map((row) => row.user_id)).toEqual([d.userId]);
    const stored = await t.database.system
      .select()
      .from(userBlocks)
      .where(eq(userBlocks.blocker_id, a.userId));
    expect(stored.map((row) => row.blocked_id)).toEqual([d.userId]);
  });

  it("answers 401 signed out; the list is the person's whatever tenant they act in", async () => {
    const { other, a, b } = await people();
    await block(a, b);
    expect((await call(null, 'GET', `${BLOCKS_API}/getBlocks`)).statusCode).toBe(401);
    expect((await blocksOf({ ...a, tenantId: other })).map((row) => row.user_id)).toEqual([b.userId]);
  });
});
