import { CONVERSATIONS_API, MESSAGES_API, MESSAGING_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers, userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Group membership managed by the owner: add, remove, hand over, and ownership on leaving. */

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

async function person(tenantIds: number[]): Promise<Actor> {
  const user = await makeUser(t.database);
  if (tenantIds.length > 0) {
    await t.database.system
      .insert(userRoles)
      .values(tenantIds.map((tenant_id) => ({ user_id: user.user_id, role_id: 13, tenant_id })));
  }
  return member(user.user_id, tenantIds[0] ?? null);
}

function call(actor: Actor | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const C = CONVERSATIONS_API;

/** A group of a fresh tenant owned by `owner`, with `b` and `d`; `e` is of the tenant but not in it. */
async function group() {
  const tenant = (await makeTenant(t.database)).tenant_id;
  const outsiderTenant = (await makeTenant(t.database)).tenant_id;
  const [owner, b, d, e] = [
    await person([tenant]),
    await person([tenant]),
    await person([tenant]),
    await person([tenant]),
  ];
  const outsider = await person([outsiderTenant]);
  const created = await call(owner, 'POST', `${C}/createConversation`, {
    member_ids: [b.userId, d.userId],
    title: 'Launch team',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.conversation_id as number;
  return { id, owner, b, d, e, outsider };
}

const memberIdsOf = async (actor: Actor, id: number) =>
  ((await call(actor, 'GET', `${C}/getConversation/${id}`)).json().data.members as { user_id: number }[])
    .map((p) => p.user_id)
    .sort((x, y) => x - y);

const rowsOf = (id: number) =>
  t.database.db.select().from(conversationMembers).where(eq(conversationMembers.conversation_id, id));

describe('addMembers', () => {
  it('lets the owner add people they may reach; the new member sees the group and its history', async () => {
    const { id, owner, b, d, e } = await group();
    await call(owner, 'POST', `${MESSAGES_API}/createMessage`, { conversation_id: id, body: 'Welcome' });
    const response = await call(owner, 'POST', `${C}/addMembers/${id}`, { member_ids: [e.userId] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ owner_id: owner.userId, my_role: 'owner' });
    expect(await memberIdsOf(owner, id)).toEqual([b.userId, d.userId, e.userId].sort((x, y) => x - y));
    const seen = await call(e, 'GET', `${C}/getConversation/${id}`);
    expect(seen.json().data).toMatchObject({ my_role: 'member', owner_id: owner.userId });
    const list = await call(e, 'GET', `${C}/getConversations`);
    expect(list.json().data.map((c: { conversation_id: number }) => c.conversation_id)).toEqual([id]);
  });

  it('adds nobody when one of them cannot be reached (403) or is already a member (400)', async () => {
    const { id, owner, b, e, outsider } = await group();
    const before = await rowsOf(id);
    const unreachable = await call(owner, 'POST', `${C}/addMembers/${id}`, {
      member_ids: [e.userId, outsider.userId],
    });
    expect(unreachable.statusCode).toBe(403);
    expect(unreachable.json().message).toBe(MESSAGING_MESSAGES.addUnreachable);
    const already = await call(owner, 'POST', `${C}/addMembers/${id}`, { member_ids: [e.userId, b.userId] });
    expect(already.statusCode).toBe(400);
    expect(already.json().message).toBe(MESSAGING_MESSAGES.alreadyMember);
    expect(JSON.stringify(already.json().details)).toContain(String(b.userId));
    expect(await rowsOf(id)).toEqual(before);
    expect((await call(outsider, 'GET', `${C}/getConversation/${id}`)).statusCode).toBe(404);
  });

  it('answers 400 for bad input and for a direct conversation, changing nothing', async () => {
    const { id, owner, b, e } = await group();
    for (const payload of [
      {},
      { member_ids: [] },
      { member_ids: [e.userId, e.userId] },
      { member_ids: ['x'] },
      { member_ids: [e.userId], extra: 1 },
    ]) {
      const response = await call(owner, 'POST', `${C}/addMembers/${id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const direct = await call(owner, 'POST', `${C}/createConversation`, { member_ids: [b.userId] });
    const directId = direct.json().data.conversation_id;
    const refused = await call(owner, 'POST', `${C}/addMembers/${directId}`, { member_ids: [e.userId] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGING_MESSAGES.membersOnlyGroups);
    expect((await call(e, 'GET', `${C}/getConversation/${id}`)).statusCode).toBe(404);
  });

  it('answers 401 signed out, 403 to a member who is not the owner, 404 to a non-member', async () => {
    const { id, b, e } = await group();
    expect((await call(null, 'POST', `${C}/addMembers/${id}`, { member_ids: [e.userId] })).statusCode).toBe(
      401,
    );
    const notOwner = await call(b, 'POST', `${C}/addMembers/${id}`, { member_ids: [e.userId] });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(MESSAGING_MESSAGES.notOwner);
    const stranger = await call(e, 'POST', `${C}/addMembers/${id}`, { member_ids: [e.userId] });
    expect(stranger.statusCode).toBe(404);
    expect((await call(e, 'GET', `${C}/getConversation/${id}`)).statusCode).toBe(404);
  });
});

describe('removeMember', () => {
  it('removes a member, who then gets 404; they can be added again', async () => {
    const { id, owner, b, d } = await group();
    const response = await call(owner, 'POST', `${C}/removeMember/${id}`, { user_id: b.userId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.members.map((p: { user_id: number }) => p.user_id)).toEqual([d.userId]);
    expect((await call(b, 'GET', `${C}/getConversation/${id}`)).statusCode).toBe(404);
    expect(
      (await call(b, 'POST', `${MESSAGES_API}/createMessage`, { conversation_id: id, body: 'hi' }))
        .statusCode,
    ).toBe(404);
    const again = await call(owner, 'POST', `${C}/addMembers/${id}`, { member_ids: [b.userId] });
    expect(again.statusCode).toBe(200);
    expect((await call(b, 'GET', `${C}/getConversation/${id}`)).statusCode).toBe(200);
  });

  it('refuses oneself, a non-member and bad input with 400; others with 401, 403, 404', async () => {
    const { id, owner, b, d, e } = await group();
    const self = await call(owner, 'POST', `${C}/removeMember/${id}`, { user_id: owner.userId });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(MESSAGING_MESSAGES.removeSelf);
    const stranger = await call(owner, 'POST', `${C}/removeMember/${id}`, { user_id: e.userId });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(MESSAGING_MESSAGES.notAMember);
    for (const payload of [{}, { user_id: 'x' }, { user_id: -1 }, { user_id: b.userId, more: true }]) {
      expect((await call(owner, 'POST', `${C}/removeMember/${id}`, payload)).statusCode).toBe(400);
    }
    expect((await call(null, 'POST', `${C}/removeMember/${id}`, { user_id: b.userId })).statusCode).toBe(401);
    expect((await call(d, 'POST', `${C}/removeMember/${id}`, { user_id: b.userId })).statusCode).toBe(403);
    expect((await call(e, 'POST', `${C}/removeMember/${id}`, { user_id: b.userId })).statusCode).toBe(404);
    expect(await memberIdsOf(owner, id)).toEqual([b.userId, d.userId].sort((x, y) => x - y));
  });
});

describe('ownership', () => {
  it('hands ownership to a member; the former owner can no longer manage members', async () => {
    const { id, owner, b, e } = await group();
    const response = await call(owner, 'POST', `${C}/transferOwnership/${id}`, { user_id: b.userId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ owner_id: b.userId, my_role: 'member' });
    expect((await call(b, 'GET', `${C}/getConversation/${id}`)).json().data.my_role).toBe('owner');
    expect((await call(owner, 'POST', `${C}/addMembers/${id}`, { member_ids: [e.userId] })).statusCode).toBe(
      403,
    );
    expect((await call(b, 'POST', `${C}/addMembers/${id}`, { member_ids: [e.userId] })).statusCode).toBe(200);
  });

  it('refuses oneself, a non-member and bad input with 400; others with 401, 403, 404', async () => {
    const { id, owner, b, d, e } = await group();
    const self = await call(owner, 'POST', `${C}/transferOwnership/${id}`, { user_id: owner.userId });
    expect(self.json().message).toBe(MESSAGING_MESSAGES.ownSelf);
    const stranger = await call(owner, 'POST', `${C}/transferOwnership/${id}`, { user_id: e.userId });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(MESSAGING_MESSAGES.notAMember);
    expect((await call(owner, 'POST', `${C}/transferOwnership/${id}`, {})).statusCode).toBe(400);
    expect((await call(null, 'POST', `${C}/transferOwnership/${id}`, { user_id: b.userId })).statusCode).toBe(
      401,
    );
    expect((await call(d, 'POST', `${C}/transferOwnership/${id}`, { user_id: d.userId })).statusCode).toBe(
      403,
    );
    expect((await call(e, 'POST', `${C}/transferOwnership/${id}`, { user_id: e.userId })).statusCode).toBe(
      404,
    );
    const rows = await t.database.db
      .select({ user_id: conversationMembers.user_id })
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversation_id, id), eq(conversationMembers.role, 'owner')));
    expect(rows).toEqual([{ user_id: owner.userId }]);
  });

  it('passes ownership to the longest-standing member when the owner leaves', async () => {
    const { id, owner, b, d } = await group();
    // b leaves and is added back, so d (there from the start) has stood longest, whatever the ids.
    await call(owner, 'POST', `${C}/removeMember/${id}`, { user_id: b.userId });
    await call(owner, 'POST', `${C}/addMembers/${id}`, { member_ids: [b.userId] });
    expect((await call(owner, 'POST', `${C}/leaveConversation/${id}`)).statusCode).toBe(200);
    expect((await call(d, 'GET', `${C}/getConversation/${id}`)).json().data).toMatchObject({
      my_role: 'owner',
      owner_id: d.userId,
    });
    expect((await call(b, 'GET', `${C}/getConversation/${id}`)).json().data.owner_id).toBe(d.userId);
    // The last member leaving leaves nobody as owner.
    await call(d, 'POST', `${C}/leaveConversation/${id}`);
    await call(b, 'POST', `${C}/leaveConversation/${id}`);
    const owners = (await rowsOf(id)).filter((row) => row.role === 'owner');
    expect(owners).toEqual([]);
  });
});
