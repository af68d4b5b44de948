import { COMMUNITY_API, COMMUNITY_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forumTopics } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/**
 * Issue 18: the forum search (`topics/getTopics?search=`): titles first, then topics a visible post
 * matches, only in a community the caller may read; its count kept under the tables' list versions.
 */

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

async function person(tenantId: number = tenantA) {
  const user = await makeUser(t.database);
  return { actor: member(user.user_id, tenantId), id: user.user_id };
}

async function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: Record<string, unknown>,
) {
  t.actAs(actor);
  return t.app.inject({ method, url: `${COMMUNITY_API}/${path}`, ...(payload ? { payload } : {}) });
}

async function ok(actor: Actor, method: 'POST' | 'PUT', path: string, payload: Record<string, unknown>) {
  const response = await call(actor, method, path, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

const community = async (owner: Actor, visibility: 'public' | 'private' = 'public') =>
  (await ok(owner, 'POST', 'communities/createCommunity', { name: 'Growers', visibility }))
    .community_id as number;

const topic = async (owner: Actor, communityId: number, title: string, body: string) =>
  (
    await ok(owner, 'POST', 'topics/createTopic', {
      community_id: communityId,
      title,
      body: `<p>${body}</p>`,
    })
  ).topic_id as number;

const reply = async (actor: Actor, topicId: number, body: string) =>
  (await ok(actor, 'POST', 'replies/createReply', { topic_id: topicId, body: `<p>${body}</p>` }))
    .post_id as number;

async function search(actor: Actor | null, communityId: number, words: string, extra = '') {
  const response = await call(
    actor,
    'GET',
    `topics/getTopics?community_id=${communityId}&search=${encodeURIComponent(words)}${extra}`,
  );
  return response;
}

async function found(actor: Actor, communityId: number, words: string, extra = '') {
  const response = await search(actor, communityId, words, extra);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as {
    data: { topic_id: number }[];
    meta: { total: number; totalExact: boolean };
  };
  return { ids: answer.data.map((row) => row.topic_id), meta: answer.meta };
}

describe('topics/getTopics?search=', () => {
  it('ranks title matches first, then topics whose visible posts match, pinned first, in its community only', async () => {
    const owner = await person();
    const id = await community(owner.actor);
    const titled = await topic(owner.actor, id, 'Solar panels', 'an introduction');
    const inOpening = await topic(owner.actor, id, 'Misc', 'about solar energy');
    const inReply = await topic(owner.actor, id, 'Other', 'nothing here');
    await reply(owner.actor, inReply, 'a solar reply');
    const removed = await topic(owner.actor, id, 'Removed', 'plain');
    const removedPost = await reply(owner.actor, removed, 'solar, removed later');
    await ok(owner.actor, 'POST', `reports/moderate/${removedPost}`, { action: 'remove' });
    const deleted = await topic(owner.actor, id, 'Gone solar', 'solar too');
    await t.database.system
      .update(forumTopics)
      .set({ is_deleted: true })
      .where(eq(forumTopics.topic_id, deleted));
    for (let n = 1; n <= 6; n += 1) await topic(owner.actor, id, `Filler ${n}`, 'unrelated words');
    const elsewhere = await community(owner.actor);
    await topic(owner.actor, elsewhere, 'Solar elsewhere', 'solar');

    // Three of ten topics match: the walk of the community's topics.
    const common = await found(owner.actor, id, 'solar');
    expect(common.ids).toEqual([titled, inReply, inOpening]);
    expect(common.meta).toMatchObject({ total: 3, totalExact: true });
    await ok(owner.actor, 'PUT', `topics/updateTopic/${inOpening}`, { pinned: true });
    expect((await found(owner.actor, id, 'solar')).ids).toEqual([titled, inOpening, inReply]);
    const second = await found(owner.actor, id, 'solar', '&limit=1&page=2');
    expect(second.ids).toEqual([inOpening]);
    expect(second.meta).toMatchObject({ total: 3, totalExact: true });
    // One of ten matches: the few are taken from the text index.
    const rare = await found(owner.actor, id, 'nothing');
    expect(rare.ids).toEqual([inReply]);
    expect(rare.meta.total).toBe(1);
    expect((await found(owner.actor, id, 'solar -panels')).ids).toEqual([inOpening, inReply]);
    expect((await found(owner.actor, id, 'photosynthesis')).ids).toEqual([]);
  });

  it('finds at once what a new reply, a removed post and an edit change', async () => {
    const owner = await person();
    const id = await community(owner.actor);
    const first = await topic(owner.actor, id, 'First', 'one');
    await topic(owner.actor, id, 'Second', 'two');
    expect((await found(owner.actor, id, 'zebra')).meta.total).toBe(0);
    const post = await reply(owner.actor, first, 'a zebra crossing');
    expect(await found(owner.actor, id, 'zebra')).toMatchObject({ ids: [first], meta: { total: 1 } });
    await ok(owner.actor, 'POST', `reports/moderate/${post}`, { action: 'remove' });
    expect(await found(owner.actor, id, 'zebra')).toMatchObject({ ids: [], meta: { total: 0 } });
    await ok(owner.actor, 'POST', `reports/moderate/${post}`, { action: 'restore' });
    const edited = await reply(owner.actor, first, 'no stripes');
    await ok(owner.actor, 'PUT', `replies/updateReply/${post}`, { body: '<p>a crossing</p>' });
    expect((await found(owner.actor, id, 'zebra')).meta.total).toBe(0);
    await ok(owner.actor, 'PUT', `replies/updateReply/${edited}`, { body: '<p>zebra stripes</p>' });
    expect(await found(owner.actor, id, 'zebra')).toMatchObject({ ids: [first], meta: { total: 1 } });
  });

  it('lists a forum as it is now: a new topic and a renamed one show at once', async () => {
    const owner = await person();
    const reader = await person();
    const id = await community(owner.actor);
    const first = await topic(owner.actor, id, 'Seed swaps', 'who has tomato seeds');
    const titles = async () => {
      const response = await call(reader.actor, 'GET', `topics/getTopics?community_id=${id}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { title: string }[]).map((row) => row.title);
    };
    expect(await titles()).toEqual(['Seed swaps']);
    expect(await titles()).toEqual(['Seed swaps']);
    await topic(owner.actor, id, 'Compost corner', 'worms welcome');
    expect(await titles()).toEqual(['Compost corner', 'Seed swaps']);
    await ok(owner.actor, 'PUT', `topics/updateTopic/${first}`, { title: 'Seed and bulb swaps' });
    expect(await titles()).toEqual(['Compost corner', 'Seed and bulb swaps']);
  });

  it('answers 404 to outsiders of a private community and another tenant, 401 signed out, 400 for bad words', async () => {
    const owner = await person();
    const id = await community(owner.actor, 'private');
    await topic(owner.actor, id, 'Secret plans', 'secret');
    expect((await found(owner.actor, id, 'secret')).meta.total).toBe(1);
    for (const who of [(await person()).actor, (await person(tenantB)).actor]) {
      const response = await search(who, id, 'secret');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMMUNITY_MESSAGES.notFound);
    }
    expect((await search(null, id, 'secret')).statusCode).toBe(401);
    expect((await search(owner.actor, id, 'x'.repeat(201))).statusCode).toBe(400);
  });
});
