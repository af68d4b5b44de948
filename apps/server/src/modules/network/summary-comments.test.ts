import { COMMENTS_API, CONNECTIONS_API, FOLLOWS_API, NETWORK_MESSAGES, POSTS_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postComments, posts } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { actingKit } from '../../test/acting';
import { makeTenant } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/**
 * The network's connection summary and comment deletion, which share /api/community with the community
 * area (served by this module).
 */

let t: TestApp;
let tenantA: number;
let tenantB: number;
let kit: ReturnType<typeof actingKit>;

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  kit = actingKit(t, tenantA);
});
afterAll(async () => {
  await t?.close();
});

describe('connections/getSummary (network, under /api/community)', () => {
  async function connect(from: Actor, to: Actor) {
    const sent = await kit.call(from, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: to.userId });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().data.connection_id as number;
  }
  async function follow(from: Actor, userId: number) {
    const followed = await kit.call(from, 'POST', `${FOLLOWS_API}/createFollow`, { user_id: userId });
    expect(followed.statusCode, followed.body).toBe(201);
  }
  const summaryOf = async (actor: Actor) => {
    const response = await kit.call(actor, 'GET', `${CONNECTIONS_API}/getSummary`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it("counts my connections, requests both ways and follows, and nobody else's", async () => {
    const me = await kit.person();
    const friend = await kit.person();
    const asked = await kit.person();
    const asker = await kit.person();
    const followed = await kit.person();
    const fresh = await kit.person();
    const accepted = await connect(me.actor, friend.actor);
    expect(
      (await kit.call(friend.actor, 'POST', `${CONNECTIONS_API}/acceptConnection/${accepted}`)).statusCode,
    ).toBe(200);
    await connect(me.actor, asked.actor);
    const incoming = await connect(asker.actor, me.actor);
    await follow(me.actor, followed.id);
    await follow(asker.actor, me.id);

    expect(await summaryOf(me.actor)).toEqual({
      connections: 1,
      received: 1,
      sent: 1,
      following: 1,
      followers: 1,
    });
    expect(await summaryOf(friend.actor)).toEqual({
      connections: 1,
      received: 0,
      sent: 0,
      following: 0,
      followers: 0,
    });
    expect(await summaryOf(fresh.actor)).toEqual({
      connections: 0,
      received: 0,
      sent: 0,
      following: 0,
      followers: 0,
    });
    // Accepting the request moves it from received to connections.
    expect(
      (await kit.call(me.actor, 'POST', `${CONNECTIONS_API}/acceptConnection/${incoming}`)).statusCode,
    ).toBe(200);
    expect(await summaryOf(me.actor)).toMatchObject({ connections: 2, received: 0, sent: 1 });
  });

  it("answers 401 signed out; the counts are the person's whatever tenant they act in", async () => {
    const me = await kit.person();
    const other = await kit.person();
    await follow(me.actor, other.id);
    expect((await kit.call(null, 'GET', `${CONNECTIONS_API}/getSummary`)).statusCode).toBe(401);
    const here = await summaryOf(me.actor);
    expect(here.following).toBe(1);
    expect(await summaryOf({ ...me.actor, tenantId: tenantB })).toEqual(here);
  });
});

describe('comments/deleteComment (network, under /api/community)', () => {
  async function post(author: Actor, visibility: 'public' | 'tenant' = 'public') {
    const made = await kit.call(author, 'POST', `${POSTS_API}/createPost`, {
      body: `<p>A ${visibility} post</p>`,
      visibility,
      status: 'published',
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.post_id as number;
  }
  async function comment(author: Actor, postId: number, body = 'Nice') {
    const made = await kit.call(author, 'POST', `${COMMENTS_API}/createComment`, { post_id: postId, body });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.comment_id as number;
  }
  const commentRow = async (commentId: number) =>
    (await t.database.system.select().from(postComments).where(eq(postComments.comment_id, commentId)))[0]!;
  const commentCount = async (postId: number) =>
    (await t.database.system.select().from(posts).where(eq(posts.post_id, postId)))[0]!.comment_count;
  const remove = (actor: Actor | null, commentId: number | string) =>
    kit.call(actor, 'DELETE', `${COMMENTS_API}/deleteComment/${commentId}`);

  it('deletes my comment: gone from the list, the post count drops, the row kept as deleted', async () => {
    const author = await kit.person();
    const commenter = await kit.person(tenantB);
    const postId = await post(author.actor);
    const commentId = await comment(commenter.actor, postId);
    const kept = await comment(author.actor, postId, 'Thanks');
    expect(await commentCount(postId)).toBe(2);
    const deleted = await remove(commenter.actor, commentId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Comment deleted.' });
    expect(await commentRow(commentId)).toMatchObject({ is_deleted: true, deleted_by: commenter.id });
    expect(await commentCount(postId)).toBe(1);
    const listed = await kit.call(author.actor, 'GET', `${COMMENTS_API}/getComments?post_id=${postId}`);
    expect(listed.json().data.map((row: { comment_id: number }) => row.comment_id)).toEqual([kept]);
    const shown = await kit.call(author.actor, 'GET', `${POSTS_API}/getPost/${postId}`);
    expect(shown.json().data.comment_count).toBe(1);
    // Once deleted it is gone: a second delete is a 404 and the count stays.
    const again = await remove(commenter.actor, commentId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NETWORK_MESSAGES.commentNotFound);
    expect(await commentCount(postId)).toBe(1);
  });

  it("lets the post's author delete someone else's comment on it", async () => {
    const author = await kit.person();
    const commenter = await kit.person();
    const postId = await post(author.actor);
    const commentId = await comment(commenter.actor, postId);
    expect((await remove(author.actor, commentId)).statusCode).toBe(200);
    expect(await commentRow(commentId)).toMatchObject({ is_deleted: true, deleted_by: author.id });
    expect(await commentCount(postId)).toBe(0);
  });

  it('refuses a bad id (400), signed out (401), a third reader (403) and another tenant (404), changing nothing', async () => {
    const author = await kit.person();
    const commenter = await kit.person();
    const reader = await kit.person();
    const stranger = await kit.person(tenantB);
    const publicPost = await post(author.actor);
    const tenantPost = await post(author.actor, 'tenant');
    const onPublic = await comment(commenter.actor, publicPost);
    const onTenant = await comment(commenter.actor, tenantPost);

    for (const badId of ['abc', 0, -1]) expect((await remove(commenter.actor, badId)).statusCode).toBe(400);
    expect((await remove(null, onPublic)).statusCode).toBe(401);
    for (const actor of [reader.actor, stranger.actor]) {
      const response = await remove(actor, onPublic);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NETWORK_MESSAGES.notYourComment);
    }
    expect((await remove(reader.actor, onTenant)).statusCode).toBe(403);
    // A tenant-only post is out of another tenant's sight: its comments answer 404, as a missing one.
    const hidden = await remove(stranger.actor, onTenant);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(NETWORK_MESSAGES.commentNotFound);
    expect((await remove(stranger.actor, 2_147_000_000)).statusCode).toBe(404);
    for (const [commentId, postId] of [
      [onPublic, publicPost],
      [onTenant, tenantPost],
    ] as const) {
      expect(await commentRow(commentId)).toMatchObject({ is_deleted: false, deleted_by: null });
      expect(await commentCount(postId)).toBe(1);
    }
  });
});
