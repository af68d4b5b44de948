import type { AddressInfo } from 'node:net';
import { COMMUNITY_API, FORUM_REALTIME, REALTIME_JOIN, type RealtimeAck } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { type OpenedSocket, openSocket, pause, signedInUser } from '../../kernel/realtime/socket-fixture';
import { makeTenant, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 18 point 4: a topic page is live through the socket room of the topic, for its readers only. */

let t: TestApp;
let baseUrl: string;
let tenantA: number;
let tenantB: number;
const opened: OpenedSocket[] = [];

beforeAll(async () => {
  t = await makeApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
});
afterAll(async () => {
  for (const { socket } of opened) socket.close();
  await t?.close();
});

async function person(tenantId: number) {
  const user = await signedInUser(t.database, [tenantId]);
  const socket = await openSocket(baseUrl, { cookie: user.cookie });
  opened.push(socket);
  return { actor: member(user.userId, tenantId), live: socket, id: user.userId };
}

async function call(actor: Actor, method: 'POST' | 'PUT', path: string, payload?: Record<string, unknown>) {
  t.actAs(actor);
  const response = await t.app.inject({
    method,
    url: `${COMMUNITY_API}/${path}`,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

const join = (who: OpenedSocket, id: unknown) =>
  who.socket
    .timeout(3000)
    .emitWithAck(REALTIME_JOIN, { kind: FORUM_REALTIME.room, id }) as Promise<RealtimeAck>;

describe('live forum topics', () => {
  it('lets only readers follow a topic, and tells them of replies, edits, reactions and removals', async () => {
    const owner = await person(tenantA);
    const reader = await person(tenantA);
    const outsider = await person(tenantA);
    const foreign = await person(tenantB);
    const place = await call(owner.actor, 'POST', 'communities/createCommunity', {
      name: 'Live makers',
      visibility: 'private',
    });
    await call(reader.actor, 'POST', `communities/join/${place.community_id}`);
    await call(owner.actor, 'POST', 'members/decide', {
      community_id: place.community_id,
      user_id: reader.id,
      action: 'approve',
    });
    const topic = await call(owner.actor, 'POST', 'topics/createTopic', {
      community_id: place.community_id,
      title: 'Live',
      body: '<p>Hello</p>',
    });

    expect(await join(reader.live, topic.topic_id)).toEqual({
      ok: true,
      room: `${FORUM_REALTIME.room}:${topic.topic_id}`,
    });
    expect(await join(owner.live, topic.topic_id)).toMatchObject({ ok: true });
    // Not a member of the private community, another tenant, a topic that does not exist, a bad id.
    expect(await join(outsider.live, topic.topic_id)).toMatchObject({ ok: false });
    expect(await join(foreign.live, topic.topic_id)).toMatchObject({ ok: false });
    expect(await join(reader.live, topic.topic_id + 1000)).toMatchObject({ ok: false });
    expect(await join(reader.live, 'x')).toMatchObject({ ok: false });

    const replied = reader.live.next(FORUM_REALTIME.changed);
    const reply = await call(owner.actor, 'POST', 'replies/createReply', {
      topic_id: topic.topic_id,
      body: '<p>A reply</p>',
    });
    expect(await replied).toEqual({
      type: FORUM_REALTIME.changed,
      ids: [topic.topic_id, reply.post_id],
      tags: [...FORUM_REALTIME.tags],
    });

    const edited = reader.live.next(FORUM_REALTIME.changed);
    await call(owner.actor, 'PUT', `replies/updateReply/${reply.post_id}`, { body: '<p>Edited</p>' });
    expect((await edited).ids).toEqual([topic.topic_id, reply.post_id]);

    const reacted = owner.live.next(FORUM_REALTIME.changed);
    await call(reader.actor, 'POST', 'reactions/toggleReaction', { post_id: reply.post_id, emoji: '👍' });
    expect((await reacted).ids).toEqual([topic.topic_id, reply.post_id]);

    const removed = reader.live.next(FORUM_REALTIME.changed);
    await call(owner.actor, 'POST', `reports/moderate/${reply.post_id}`, { action: 'remove' });
    expect((await removed).ids).toEqual([topic.topic_id, reply.post_id]);

    await pause(200);
    for (const who of [outsider, foreign])
      expect(who.live.messages.map((m) => m.type)).not.toContain(FORUM_REALTIME.changed);
  });
});
