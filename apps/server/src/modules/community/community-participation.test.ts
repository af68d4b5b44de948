import {
  COMMUNITIES_API,
  COMMUNITY_LIMITS,
  COMMUNITY_MEMBERS_API,
  COMMUNITY_MESSAGES,
  FORUM_REPLIES_API,
  FORUM_REPORTS_API,
  FORUM_TOPICS_API,
} from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityMembers, forumPostEdits, forumPosts, forumTopics, notifications } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { communityKit } from './test-kit';

/**
 * Taking part in a community beyond community.test.ts: leaving it (and hearing no more of a private
 * one), editing a reply, and the posting rate limit.
 */

let t: TestApp;
let tenantA: number;
let tenantB: number;
let kit: ReturnType<typeof communityKit>;

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  kit = communityKit(t, tenantA);
});
afterAll(async () => {
  await t?.close();
});

async function topic(actor: Actor, communityId: number, body = '<p>Hello</p>') {
  const response = await kit.call(actor, 'POST', `${FORUM_TOPICS_API}/createTopic`, {
    community_id: communityId,
    title: 'First',
    body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { topic_id: number; opening_post_id: number };
}

function createReply(actor: Actor, topicId: number, body: string) {
  return kit.call(actor, 'POST', `${FORUM_REPLIES_API}/createReply`, { topic_id: topicId, body });
}

async function reply(actor: Actor, topicId: number, body: string) {
  const response = await createReply(actor, topicId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.post_id as number;
}

const membershipRow = async (communityId: number, userId: number) =>
  (
    await t.database.system
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.community_id, communityId), eq(communityMembers.user_id, userId)))
  )[0];

const postRow = async (postId: number) =>
  (await t.database.system.select().from(forumPosts).where(eq(forumPosts.post_id, postId)))[0]!;

const editsOf = (postId: number) =>
  t.database.system.select().from(forumPostEdits).where(eq(forumPostEdits.post_id, postId));

describe('communities/leave', () => {
  it('lets a member leave: the membership goes, the count drops, and they may join again', async () => {
    const owner = await kit.person();
    const joiner = await kit.person();
    const id = await kit.community(owner.actor);
    await kit.join(joiner.actor, id);
    const read = (actor: Actor) => kit.call(actor, 'GET', `${COMMUNITIES_API}/getCommunity/${id}`);
    expect((await read(owner.actor)).json().data.member_count).toBe(2);
    const left = await kit.call(joiner.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ data: { left: true } });
    expect(await membershipRow(id, joiner.id)).toBeUndefined();
    expect((await read(joiner.actor)).json().data).toMatchObject({ my_role: null, my_status: null });
    expect((await read(owner.actor)).json().data.member_count).toBe(1);
    const mine = await kit.call(joiner.actor, 'GET', `${COMMUNITIES_API}/getCommunities?view=mine`);
    expect(mine.json().data.map((row: { community_id: number }) => row.community_id)).not.toContain(id);
    expect(await kit.join(joiner.actor, id)).toBe('active');
  });

  it('withdraws a pending request to a private community', async () => {
    const owner = await kit.person();
    const asker = await kit.person();
    const id = await kit.community(owner.actor, { visibility: 'private' });
    expect(await kit.join(asker.actor, id)).toBe('pending');
    expect((await kit.call(asker.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`)).statusCode).toBe(200);
    expect(await membershipRow(id, asker.id)).toBeUndefined();
    const pending = await kit.call(
      owner.actor,
      'GET',
      `${COMMUNITY_MEMBERS_API}/getMembers?community_id=${id}&status=pending`,
    );
    expect(pending.json().data).toEqual([]);
  });

  it('refuses the owner (400), a non-member, a banned member and another tenant (404), signed out (401) and a bad id (400)', async () => {
    const owner = await kit.person();
    const banned = await kit.person();
    const outsider = await kit.person();
    const stranger = await kit.person(tenantB);
    const id = await kit.community(owner.actor);
    await kit.join(banned.actor, id);
    await kit.decide(owner.actor, id, banned.id, 'ban');
    const leave = (actor: Actor | null, target: number | string = id) =>
      kit.call(actor, 'POST', `${COMMUNITIES_API}/leave/${target}`);

    const asOwner = await leave(owner.actor);
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().message).toBe(COMMUNITY_MESSAGES.ownerStays);
    expect(await membershipRow(id, owner.id)).toMatchObject({ role: 'owner', status: 'active' });
    for (const actor of [outsider.actor, stranger.actor, banned.actor]) {
      const response = await leave(actor);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMMUNITY_MESSAGES.memberNotFound);
    }
    // Leaving does not lift a ban.
    expect(await membershipRow(id, banned.id)).toMatchObject({ status: 'banned' });
    expect((await leave(null)).statusCode).toBe(401);
    expect((await leave(owner.actor, 'abc')).statusCode).toBe(400);
    expect((await leave(owner.actor, 0)).statusCode).toBe(400);
  });

  it('stops the replies of a private community reaching a member who left it (or was banned)', async () => {
    const owner = await kit.person();
    const leaver = await kit.person();
    const banned = await kit.person();
    const stays = await kit.person();
    const id = await kit.community(owner.actor, { visibility: 'private' });
    for (const who of [leaver, banned, stays]) {
      expect(await kit.join(who.actor, id)).toBe('pending');
      await kit.decide(owner.actor, id, who.id, 'approve');
    }
    // The author follows their own topic; the others follow it too.
    const opened = await topic(leaver.actor, id);
    for (const who of [banned, stays])
      expect(
        (await kit.call(who.actor, 'POST', `${FORUM_TOPICS_API}/follow/${opened.topic_id}`)).statusCode,
      ).toBe(200);
    const repliesTo = async (userId: number) => {
      await t.app.events.drain();
      return t.database.system
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.category, 'community')));
    };
    await reply(owner.actor, opened.topic_id, '<p>Welcome</p>');
    for (const who of [leaver, banned, stays]) expect(await repliesTo(who.id)).toHaveLength(1);

    expect((await kit.call(leaver.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`)).statusCode).toBe(200);
    await kit.decide(owner.actor, id, banned.id, 'ban');
    for (const who of [leaver, banned])
      expect(
        (await kit.call(who.actor, 'GET', `${FORUM_TOPICS_API}/getTopic/${opened.topic_id}`)).statusCode,
      ).toBe(404);
    await reply(owner.actor, opened.topic_id, '<p>Members-only plans</p>');
    expect(await repliesTo(leaver.id)).toHaveLength(1);
    expect(await repliesTo(banned.id)).toHaveLength(1);
    expect(await repliesTo(stays.id)).toHaveLength(2);
  });
});

describe('replies/updateReply', () => {
  it('lets the author edit: the sanitised text is read back, marked edited, and the old text kept', async () => {
    const owner = await kit.person();
    const author = await kit.person();
    const id = await kit.community(owner.actor);
    await kit.join(author.actor, id);
    const opened = await topic(owner.actor, id);
    const postId = await reply(author.actor, opened.topic_id, '<p>first</p>');
    const edited = await kit.call(author.actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/${postId}`, {
      body: '<p onclick="x()">second<script>alert(1)</script></p>',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      post_id: postId,
      topic_id: opened.topic_id,
      body: '<p>second</p>',
      status: 'visible',
      author: { user_id: author.id },
    });
    expect(edited.json().data.edited_at).not.toBeNull();
    expect(await postRow(postId)).toMatchObject({ body: '<p>second</p>' });
    const page = await kit.call(
      owner.actor,
      'GET',
      `${FORUM_REPLIES_API}/getReplies?topic_id=${opened.topic_id}`,
    );
    const shown = (page.json().data as { post_id: number; body: string }[]).find((p) => p.post_id === postId);
    expect(shown?.body).toBe('<p>second</p>');
    expect(await editsOf(postId)).toEqual([
      expect.objectContaining({ previous_body: '<p>first</p>', edited_by: author.id }),
    ]);
    const history = await kit.call(owner.actor, 'GET', `${FORUM_REPLIES_API}/getEdits/${postId}`);
    expect(history.json().data.map((row: { previous_body: string }) => row.previous_body)).toEqual([
      '<p>first</p>',
    ]);
  });

  it('refuses empty, script-only, too long and malformed bodies with 400, changing nothing', async () => {
    const owner = await kit.person();
    const id = await kit.community(owner.actor);
    const opened = await topic(owner.actor, id);
    const postId = await reply(owner.actor, opened.topic_id, '<p>kept</p>');
    const url = `${FORUM_REPLIES_API}/updateReply/${postId}`;
    for (const body of ['', '<script>alert(1)</script>', '<p>   </p>']) {
      const response = await kit.call(owner.actor, 'PUT', url, { body });
      expect(response.statusCode, body).toBe(400);
      expect(response.json().message).toContain(COMMUNITY_MESSAGES.bodyEmpty);
    }
    const long = await kit.call(owner.actor, 'PUT', url, { body: 'x'.repeat(COMMUNITY_LIMITS.bodyMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(`At most ${COMMUNITY_LIMITS.bodyMax} characters.`);
    for (const payload of [{}, { body: '<p>x</p>', status: 'visible' }, { body: 42 }]) {
      expect((await kit.call(owner.actor, 'PUT', url, payload)).statusCode, JSON.stringify(payload)).toBe(
        400,
      );
    }
    expect(
      (await kit.call(owner.actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/abc`, { body: '<p>x</p>' }))
        .statusCode,
    ).toBe(400);
    expect(await postRow(postId)).toMatchObject({ body: '<p>kept</p>', edited_at: null });
    expect(await editsOf(postId)).toEqual([]);
  });

  it('keeps edits to the author: 401, 403 to other members and moderators, 404 to outsiders and another tenant', async () => {
    const owner = await kit.person();
    const author = await kit.person();
    const other = await kit.person();
    const outsider = await kit.person();
    const stranger = await kit.person(tenantB);
    const open = await kit.community(owner.actor);
    const closed = await kit.community(owner.actor, { visibility: 'private' });
    for (const id of [open, closed]) {
      await kit.join(author.actor, id);
      await kit.join(other.actor, id);
    }
    await kit.decide(owner.actor, closed, author.id, 'approve');
    await kit.decide(owner.actor, closed, other.id, 'approve');
    const openPost = await reply(author.actor, (await topic(owner.actor, open)).topic_id, '<p>mine</p>');
    const closedPost = await reply(author.actor, (await topic(owner.actor, closed)).topic_id, '<p>mine</p>');
    const edit = (actor: Actor | null, postId: number) =>
      kit.call(actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/${postId}`, { body: '<p>hijacked</p>' });

    expect((await edit(null, openPost)).statusCode).toBe(401);
    for (const actor of [other.actor, owner.actor]) {
      const response = await edit(actor, openPost);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(COMMUNITY_MESSAGES.authorOnly);
    }
    for (const [actor, postId] of [
      [outsider.actor, closedPost],
      [stranger.actor, openPost],
      [stranger.actor, closedPost],
      [author.actor, 2_147_000_000],
    ] as const) {
      const response = await edit(actor, postId);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMMUNITY_MESSAGES.postNotFound);
    }
    for (const postId of [openPost, closedPost]) {
      expect(await postRow(postId)).toMatchObject({ body: '<p>mine</p>', edited_at: null });
      expect(await editsOf(postId)).toEqual([]);
    }
  });

  it('refuses an author who was banned, who left, or whose post a moderator removed', async () => {
    const owner = await kit.person();
    const banned = await kit.person();
    const leaver = await kit.person();
    const id = await kit.community(owner.actor);
    const opened = await topic(owner.actor, id);
    await kit.join(banned.actor, id);
    await kit.join(leaver.actor, id);
    const bannedPost = await reply(banned.actor, opened.topic_id, '<p>before</p>');
    const leaverPost = await reply(leaver.actor, opened.topic_id, '<p>before</p>');
    const removedPost = await reply(owner.actor, opened.topic_id, '<p>before</p>');
    await kit.decide(owner.actor, id, banned.id, 'ban');
    await kit.call(leaver.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`);
    const removed = await kit.call(owner.actor, 'POST', `${FORUM_REPORTS_API}/moderate/${removedPost}`, {
      action: 'remove',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const edit = (actor: Actor, postId: number) =>
      kit.call(actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/${postId}`, { body: '<p>after</p>' });

    const asBanned = await edit(banned.actor, bannedPost);
    expect(asBanned.statusCode).toBe(403);
    expect(asBanned.json().message).toBe(COMMUNITY_MESSAGES.banned);
    const asLeaver = await edit(leaver.actor, leaverPost);
    expect(asLeaver.statusCode).toBe(403);
    expect(asLeaver.json().message).toBe(COMMUNITY_MESSAGES.notMember);
    const asRemoved = await edit(owner.actor, removedPost);
    expect(asRemoved.statusCode).toBe(403);
    expect(asRemoved.json().message).toBe('A removed post cannot be edited.');
    for (const postId of [bannedPost, leaverPost, removedPost]) {
      expect((await postRow(postId)).body).toBe('<p>before</p>');
      expect(await editsOf(postId)).toEqual([]);
    }
  });
});

describe('posting rate limit', () => {
  it('answers the topic or reply past the per-minute limit with 429 and the module message, writing nothing', async () => {
    const owner = await kit.person();
    const poster = await kit.person();
    const id = await kit.community(owner.actor);
    await kit.join(poster.actor, id);
    // Topics and replies share one budget per person.
    const opened = await topic(poster.actor, id);
    for (let i = 1; i < COMMUNITY_LIMITS.postLimit; i++)
      await reply(poster.actor, opened.topic_id, `<p>${i}</p>`);
    const authored = () =>
      t.database.system.select().from(forumPosts).where(eq(forumPosts.author_id, poster.id));
    expect(await authored()).toHaveLength(COMMUNITY_LIMITS.postLimit);

    const tooMany = await createReply(poster.actor, opened.topic_id, '<p>one more</p>');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().message).toBe(COMMUNITY_MESSAGES.tooFast);
    const retryAfter = Number(tooMany.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(COMMUNITY_LIMITS.postWindowSeconds);
    const anotherTopic = await kit.call(poster.actor, 'POST', `${FORUM_TOPICS_API}/createTopic`, {
      community_id: id,
      title: 'Second',
      body: '<p>x</p>',
    });
    expect(anotherTopic.statusCode).toBe(429);
    expect(anotherTopic.json().message).toBe(COMMUNITY_MESSAGES.tooFast);

    expect(await authored()).toHaveLength(COMMUNITY_LIMITS.postLimit);
    const topics = await t.database.system
      .select()
      .from(forumTopics)
      .where(eq(forumTopics.author_id, poster.id));
    expect(topics).toHaveLength(1);
    expect(topics[0]!.reply_count).toBe(COMMUNITY_LIMITS.postLimit - 1);
    // The budget is the poster's own: someone else still posts.
    expect((await createReply(owner.actor, opened.topic_id, '<p>calm</p>')).statusCode).toBe(201);
  });
});
