import { COMMUNITY_API, COMMUNITY_MESSAGES } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 18: a topic's posts paged by keyset (`cursor`, meta.next_cursor) beside the generic `page`. */

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

interface Answer {
  data: { post_id: number; body: string }[];
  meta: {
    page: number;
    limit: number;
    total: number;
    totalPages: number;
    totalExact: boolean;
    next_cursor: string | null;
  };
}

async function person(tenantId: number = tenantA) {
  const user = await makeUser(t.database);
  return { actor: member(user.user_id, tenantId), id: user.user_id };
}

function call(actor: Actor | null, method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) {
  t.actAs(actor);
  return t.app.inject({ method, url: `${COMMUNITY_API}/${path}`, ...(payload ? { payload } : {}) });
}

/** A community and a topic of `replies` replies ("r1".."rN"), oldest first. */
async function topicWith(owner: Actor, replies: number, visibility: 'public' | 'private' = 'public') {
  const made = await call(owner, 'POST', 'communities/createCommunity', { name: 'Readers', visibility });
  expect(made.statusCode, made.body).toBe(201);
  const opened = await call(owner, 'POST', 'topics/createTopic', {
    community_id: made.json().data.community_id,
    title: 'A long read',
    body: '<p>opening</p>',
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const topicId = opened.json().data.topic_id as number;
  for (let n = 1; n <= replies; n += 1) await reply(owner, topicId, `r${n}`);
  return topicId;
}

async function reply(actor: Actor, topicId: number, text: string) {
  const response = await call(actor, 'POST', 'replies/createReply', {
    topic_id: topicId,
    body: `<p>${text}</p>`,
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function read(actor: Actor | null, query: string) {
  return call(actor, 'GET', `replies/getReplies?${query}`);
}

const texts = (answer: Answer) => answer.data.map((post) => post.body.replace(/<\/?p>/g, ''));

describe('replies/getReplies by cursor', () => {
  it('reads a topic to its end by the cursor, each post once, with the generic list fields', async () => {
    const owner = await person();
    const topicId = await topicWith(owner.actor, 6);
    const first = (await read(owner.actor, `topic_id=${topicId}&limit=3`)).json() as Answer;
    expect(texts(first)).toEqual(['opening', 'r1', 'r2']);
    expect(first.meta).toMatchObject({ page: 1, limit: 3, total: 7, totalPages: 3, totalExact: true });
    expect(first.meta.next_cursor).toBe(`2.${first.data[2]!.post_id}`);
    const second = (
      await read(owner.actor, `topic_id=${topicId}&limit=3&cursor=${first.meta.next_cursor}`)
    ).json() as Answer;
    expect(texts(second)).toEqual(['r3', 'r4', 'r5']);
    expect(second.meta.page).toBe(2);
    const third = (
      await read(owner.actor, `topic_id=${topicId}&limit=3&cursor=${second.meta.next_cursor}`)
    ).json() as Answer;
    expect(texts(third)).toEqual(['r6']);
    expect(third.meta).toMatchObject({ page: 3, next_cursor: null });
    // The generic verb's offset page reads the same posts, and continues by cursor too.
    const byOffset = (await read(owner.actor, `topic_id=${topicId}&limit=3&page=2`)).json() as Answer;
    expect(texts(byOffset)).toEqual(['r3', 'r4', 'r5']);
    expect(byOffset.meta.next_cursor).toBe(second.meta.next_cursor);
  });

  it('answers a re-read page as it is now: reactions and new replies show at once', async () => {
    const owner = await person();
    const reader = await person();
    const topicId = await topicWith(owner.actor, 2);
    const before = (await read(reader.actor, `topic_id=${topicId}`)).json() as Answer & {
      data: { reactions: { emoji: string; count: number; mine: boolean }[] }[];
    };
    expect(before.data[1]!.reactions).toEqual([]);
    // Read twice, so a kept page is what the next read would reuse.
    expect((await read(reader.actor, `topic_id=${topicId}`)).json()).toEqual(before);

    const reacted = await call(owner.actor, 'POST', 'reactions/toggleReaction', {
      post_id: before.data[1]!.post_id,
      emoji: '👍',
    });
    expect(reacted.statusCode, reacted.body).toBe(200);
    const seen = (await read(reader.actor, `topic_id=${topicId}`)).json() as typeof before;
    expect(seen.data[1]!.reactions).toEqual([{ emoji: '👍', count: 1, mine: false }]);
    // The owner's own page says the reaction is theirs.
    const mine = (await read(owner.actor, `topic_id=${topicId}`)).json() as typeof before;
    expect(mine.data[1]!.reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);

    await reply(owner.actor, topicId, 'r3');
    const grown = (await read(reader.actor, `topic_id=${topicId}`)).json() as Answer;
    expect(texts(grown)).toEqual(['opening', 'r1', 'r2', 'r3']);
    expect(grown.meta.total).toBe(4);
  });

  it('stays stable while replies arrive: no post repeats or goes missing', async () => {
    const owner = await person();
    const topicId = await topicWith(owner.actor, 4);
    const seen: string[] = [];
    let answer = (await read(owner.actor, `topic_id=${topicId}&limit=2`)).json() as Answer;
    seen.push(...texts(answer));
    await reply(owner.actor, topicId, 'late1');
    await reply(owner.actor, topicId, 'late2');
    while (answer.meta.next_cursor) {
      const cursor = answer.meta.next_cursor;
      answer = (await read(owner.actor, `topic_id=${topicId}&limit=2&cursor=${cursor}`)).json() as Answer;
      seen.push(...texts(answer));
      if (seen.length === 4) await reply(owner.actor, topicId, 'late3');
    }
    expect(seen).toEqual(['opening', 'r1', 'r2', 'r3', 'r4', 'late1', 'late2', 'late3']);
    expect(answer.meta.total).toBe(8);
  });

  it('refuses a cursor of another topic, a made-up or malformed one, and a page with a cursor', async () => {
    const owner = await person();
    const topicId = await topicWith(owner.actor, 3);
    const otherId = await topicWith(owner.actor, 3);
    const elsewhere = (await read(owner.actor, `topic_id=${otherId}&limit=2`)).json() as Answer;
    const foreign = await read(owner.actor, `topic_id=${topicId}&cursor=${elsewhere.meta.next_cursor}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(COMMUNITY_MESSAGES.badCursor);
    for (const madeUp of ['2.2147000000', '2.9999999999']) {
      const response = await read(owner.actor, `topic_id=${topicId}&cursor=${madeUp}`);
      expect(response.statusCode, madeUp).toBe(400);
      expect(response.json().message).toBe(COMMUNITY_MESSAGES.badCursor);
    }
    for (const bad of ['abc', '0.5', '2.0', '2.3.4', '-1.5', `2.${'9'.repeat(11)}`]) {
      const response = await read(owner.actor, `topic_id=${topicId}&cursor=${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toContain(COMMUNITY_MESSAGES.badCursor);
    }
    const both = await read(owner.actor, `topic_id=${topicId}&page=2&cursor=${elsewhere.meta.next_cursor}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain(COMMUNITY_MESSAGES.pageOrCursor);
    // The cursor of this topic's last post is the (empty) end, not an error.
    const all = (await read(owner.actor, `topic_id=${topicId}&limit=4`)).json() as Answer;
    const end = await read(owner.actor, `topic_id=${topicId}&cursor=2.${all.data[3]!.post_id}`);
    expect(end.statusCode).toBe(200);
    expect(end.json()).toMatchObject({ data: [], meta: { page: 2, next_cursor: null } });
  });

  it('answers 404 to outsiders of a private community and another tenant, cursor or not; 401 signed out', async () => {
    const owner = await person();
    const topicId = await topicWith(owner.actor, 3, 'private');
    const own = (await read(owner.actor, `topic_id=${topicId}&limit=2`)).json() as Answer;
    const cursor = own.meta.next_cursor!;
    const outsider = await person();
    const stranger = await person(tenantB);
    for (const who of [outsider.actor, stranger.actor]) {
      for (const query of [`topic_id=${topicId}`, `topic_id=${topicId}&cursor=${cursor}`]) {
        const response = await read(who, query);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(COMMUNITY_MESSAGES.topicNotFound);
      }
    }
    expect((await read(null, `topic_id=${topicId}&cursor=${cursor}`)).statusCode).toBe(401);
    expect((await read(owner.actor, `topic_id=${topicId}&cursor=${cursor}`)).statusCode).toBe(200);
  });
});
