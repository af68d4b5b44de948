import {
  COMMENTS_API,
  COMMUNITIES_API,
  COMMUNITY_LIMITS,
  COMMUNITY_MEMBERS_API,
  COMMUNITY_MESSAGES,
  CONNECTIONS_API,
  FILES_API,
  FOLLOWS_API,
  FORUM_REPLIES_API,
  FORUM_REPORTS_API,
  FORUM_TOPICS_API,
  NETWORK_MESSAGES,
  POSTS_API,
} from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communities,
  communityAuditLog,
  communityMembers,
  forumPostEdits,
  forumPosts,
  forumTopics,
  notifications,
  postComments,
  posts,
  userRoles,
} from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { multipart, pngBytes, textBytes } from '../../test/upload-fixtures';

/**
 * Communities and forums beyond community.test.ts: editing a community, leaving it, editing a reply
 * and the posting rate limit; and the network's summary and comment deletion, which share
 * /api/community (served by modules/network).
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

/** A person acting in a tenant who also holds the member role there (the network reads user_roles). */
async function person(tenantId: number = tenantA) {
  const user = await makeUser(t.database);
  await t.database.system
    .insert(userRoles)
    .values({ user_id: user.user_id, role_id: 13, tenant_id: tenantId });
  return { actor: member(user.user_id, tenantId), id: user.user_id, username: user.username };
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

async function community(owner: Actor, body: Record<string, unknown> = {}) {
  const response = await call(owner, 'POST', `${COMMUNITIES_API}/createCommunity`, {
    name: 'Makers',
    description: 'We make things',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.community_id as number;
}

async function topic(actor: Actor, communityId: number, body = '<p>Hello</p>') {
  const response = await call(actor, 'POST', `${FORUM_TOPICS_API}/createTopic`, {
    community_id: communityId,
    title: 'First',
    body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { topic_id: number; opening_post_id: number };
}

function createReply(actor: Actor, topicId: number, body: string) {
  return call(actor, 'POST', `${FORUM_REPLIES_API}/createReply`, { topic_id: topicId, body });
}

async function reply(actor: Actor, topicId: number, body: string) {
  const response = await createReply(actor, topicId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.post_id as number;
}

async function decide(owner: Actor, communityId: number, userId: number, action: string) {
  const response = await call(owner, 'POST', `${COMMUNITY_MEMBERS_API}/decide`, {
    community_id: communityId,
    user_id: userId,
    action,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function join(who: Actor, communityId: number) {
  const response = await call(who, 'POST', `${COMMUNITIES_API}/join/${communityId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.status as string;
}

const communityRow = async (id: number) =>
  (await t.database.system.select().from(communities).where(eq(communities.community_id, id)))[0]!;

const membershipRow = async (communityId: number, userId: number) =>
  (
    await t.database.system
      .select()
      .from(communityMembers)
      .where(and(eq(communityMembers.community_id, communityId), eq(communityMembers.user_id, userId)))
  )[0];

const auditActions = async (communityId: number) =>
  (
    await t.database.system
      .select({ action: communityAuditLog.action })
      .from(communityAuditLog)
      .where(eq(communityAuditLog.community_id, communityId))
  ).map((row) => row.action);

const postRow = async (postId: number) =>
  (await t.database.system.select().from(forumPosts).where(eq(forumPosts.post_id, postId)))[0]!;

const editsOf = (postId: number) =>
  t.database.system.select().from(forumPostEdits).where(eq(forumPostEdits.post_id, postId));

describe('communities/updateCommunity', () => {
  it('lets the owner, a moderator and a tenant admin edit; the change is read back and audited', async () => {
    const owner = await person();
    const id = await community(owner.actor);
    const edited = await call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${id}`, {
      name: '  Makers Guild ',
      description: 'Tools and people',
      visibility: 'private',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      community_id: id,
      name: 'Makers Guild',
      description: 'Tools and people',
      visibility: 'private',
      my_role: 'owner',
      member_count: 1,
    });
    const read = await call(owner.actor, 'GET', `${COMMUNITIES_API}/getCommunity/${id}`);
    expect(read.json().data).toMatchObject({ name: 'Makers Guild', visibility: 'private' });
    // An outsider of the tenant now sees the name only.
    const outsider = await person();
    expect(
      (await call(outsider.actor, 'GET', `${COMMUNITIES_API}/getCommunity/${id}`)).json().data,
    ).toMatchObject({ name: 'Makers Guild', description: null, member_count: null });
    const [entry] = await t.database.system
      .select()
      .from(communityAuditLog)
      .where(and(eq(communityAuditLog.community_id, id), eq(communityAuditLog.action, 'community.updated')));
    expect(entry).toMatchObject({ actor_id: owner.id, detail: 'name, description, visibility' });

    const moderator = await person();
    await call(moderator.actor, 'POST', `${COMMUNITIES_API}/join/${id}`);
    await decide(owner.actor, id, moderator.id, 'approve');
    await decide(owner.actor, id, moderator.id, 'make_moderator');
    const byModerator = await call(moderator.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${id}`, {
      description: 'Edited by a moderator',
    });
    expect(byModerator.statusCode, byModerator.body).toBe(200);
    expect(await communityRow(id)).toMatchObject({
      description: 'Edited by a moderator',
      modified_by: moderator.id,
    });

    // A tenant admin moderates the tenant's public communities without belonging to them.
    const admin = await makeUser(t.database);
    const open = await community(owner.actor);
    const byAdmin = await call(
      tenantAdmin(admin.user_id, tenantA),
      'PUT',
      `${COMMUNITIES_API}/updateCommunity/${open}`,
      { name: 'Renamed by an admin' },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await communityRow(open)).toMatchObject({
      name: 'Renamed by an admin',
      modified_by: admin.user_id,
    });
  });

  it('refuses bad input with 400 and a clear message, changing nothing', async () => {
    const owner = await person();
    const id = await community(owner.actor);
    const before = await communityRow(id);
    const url = `${COMMUNITIES_API}/updateCommunity/${id}`;
    const nothing = await call(owner.actor, 'PUT', url, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Nothing to change.');
    const blank = await call(owner.actor, 'PUT', url, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(COMMUNITY_MESSAGES.nameEmpty);
    const long = await call(owner.actor, 'PUT', url, {
      description: 'x'.repeat(COMMUNITY_LIMITS.descriptionMax + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(`At most ${COMMUNITY_LIMITS.descriptionMax} characters.`);
    for (const payload of [{ visibility: 'hidden' }, { owner_user_id: owner.id }, { name: 7 }]) {
      const response = await call(owner.actor, 'PUT', url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details).toBeDefined();
    }
    for (const badId of ['abc', '0']) {
      const response = await call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${badId}`, {
        name: 'x',
      });
      expect(response.statusCode, badId).toBe(400);
    }
    expect(await communityRow(id)).toEqual(before);
    expect(await auditActions(id)).toEqual(['community.created']);
  });

  it('answers 401 signed out, 403 to a member, 404 to outsiders of a private one and to another tenant', async () => {
    const owner = await person();
    const joiner = await person();
    const outsider = await person();
    const stranger = await person(tenantB);
    const strangerAdmin = await makeUser(t.database);
    const open = await community(owner.actor);
    const closed = await community(owner.actor, { visibility: 'private' });
    await join(joiner.actor, open);
    const before = [await communityRow(open), await communityRow(closed)];
    const edit = (actor: Actor | null, id: number) =>
      call(actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${id}`, { name: 'Taken over' });

    expect((await edit(null, open)).statusCode).toBe(401);
    const asMember = await edit(joiner.actor, open);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe(COMMUNITY_MESSAGES.moderatorsOnly);
    const asOutsider = await edit(outsider.actor, closed);
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json().message).toBe(COMMUNITY_MESSAGES.notFound);
    for (const actor of [stranger.actor, tenantAdmin(strangerAdmin.user_id, tenantB)]) {
      expect((await edit(actor, open)).statusCode).toBe(404);
      expect((await edit(actor, closed)).statusCode).toBe(404);
    }
    expect((await edit(owner.actor, 2_147_000_000)).statusCode).toBe(404);
    expect([await communityRow(open), await communityRow(closed)]).toEqual(before);
    expect(await auditActions(open)).toEqual(['community.created']);
  });
});

describe('community covers', () => {
  async function upload(actor: Actor, name: string, type: 'image/png' | 'text/plain') {
    t.actAs(actor);
    const data = type === 'image/png' ? await pngBytes(40, 20) : textBytes(300);
    const response = await t.app.inject({
      method: 'POST',
      url: `${FILES_API}/upload`,
      ...multipart({ name, type, data }, { purpose: type === 'image/png' ? 'media' : 'document' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.file_id as string;
  }
  const coverOf = async (communityId: number) =>
    (
      await t.database.system
        .select({ cover: communities.cover_file_id })
        .from(communities)
        .where(eq(communities.community_id, communityId))
    )[0]?.cover;

  it('takes an image the owner uploaded, on create and on edit', async () => {
    const owner = await person();
    const first = await upload(owner.actor, 'cover.png', 'image/png');
    const communityId = await community(owner.actor, { cover_file_id: first });
    expect(await coverOf(communityId)).toBe(first);
    const second = await upload(owner.actor, 'cover-2.png', 'image/png');
    const edited = await call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${communityId}`, {
      cover_file_id: second,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await coverOf(communityId)).toBe(second);
  });

  it('shows the cover to whoever may read the community, a private one’s to nobody outside it', async () => {
    const owner = await person(tenantA);
    const outsider = await person(tenantB);
    const content = (actor: Actor | null, fileId: string) =>
      call(actor, 'GET', `${FILES_API}/content/${fileId}`);
    const open = await upload(owner.actor, 'open.png', 'image/png');
    const closed = await upload(owner.actor, 'closed.png', 'image/png');
    // Media is counted against tenant A, whose members alone may read it by its purpose.
    expect((await content(outsider.actor, open)).statusCode).toBe(404);
    await community(owner.actor, { name: 'Open platform makers', tenant_id: null, cover_file_id: open });
    await community(owner.actor, {
      name: 'Closed platform makers',
      tenant_id: null,
      visibility: 'private',
      cover_file_id: closed,
    });
    const shown = await content(outsider.actor, open);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect((await content(outsider.actor, closed)).statusCode).toBe(404);
    expect((await content(owner.actor, closed)).statusCode).toBe(200);
    expect((await content(null, open)).statusCode).toBe(401);
  });

  it('refuses someone else’s image, a document, an unknown id and a malformed one, and changes nothing', async () => {
    const owner = await person();
    const other = await person();
    const communityId = await community(owner.actor);
    const theirs = await upload(other.actor, 'theirs.png', 'image/png');
    const document = await upload(owner.actor, 'notes.txt', 'text/plain');
    for (const cover of [theirs, document, '00000000-0000-4000-8000-000000000000']) {
      const created = await call(owner.actor, 'POST', `${COMMUNITIES_API}/createCommunity`, {
        name: `Covered ${cover.slice(0, 8)}`,
        cover_file_id: cover,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(COMMUNITY_MESSAGES.coverNotFound);
      const edited = await call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${communityId}`, {
        cover_file_id: cover,
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe(COMMUNITY_MESSAGES.coverNotFound);
    }
    const malformed = await call(owner.actor, 'PUT', `${COMMUNITIES_API}/updateCommunity/${communityId}`, {
      cover_file_id: 'not-a-file',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('cover_file_id');
    expect(await coverOf(communityId)).toBeNull();
    const named = await t.database.system
      .select({ id: communities.community_id })
      .from(communities)
      .where(eq(communities.name, `Covered ${theirs.slice(0, 8)}`));
    expect(named).toEqual([]);
  });
});

describe('communities/leave', () => {
  it('lets a member leave: the membership goes, the count drops, and they may join again', async () => {
    const owner = await person();
    const joiner = await person();
    const id = await community(owner.actor);
    await join(joiner.actor, id);
    const read = (actor: Actor) => call(actor, 'GET', `${COMMUNITIES_API}/getCommunity/${id}`);
    expect((await read(owner.actor)).json().data.member_count).toBe(2);
    const left = await call(joiner.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ data: { left: true } });
    expect(await membershipRow(id, joiner.id)).toBeUndefined();
    expect((await read(joiner.actor)).json().data).toMatchObject({ my_role: null, my_status: null });
    expect((await read(owner.actor)).json().data.member_count).toBe(1);
    const mine = await call(joiner.actor, 'GET', `${COMMUNITIES_API}/getCommunities?view=mine`);
    expect(mine.json().data.map((row: { community_id: number }) => row.community_id)).not.toContain(id);
    expect(await join(joiner.actor, id)).toBe('active');
  });

  it('withdraws a pending request to a private community', async () => {
    const owner = await person();
    const asker = await person();
    const id = await community(owner.actor, { visibility: 'private' });
    expect(await join(asker.actor, id)).toBe('pending');
    expect((await call(asker.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`)).statusCode).toBe(200);
    expect(await membershipRow(id, asker.id)).toBeUndefined();
    const pending = await call(
      owner.actor,
      'GET',
      `${COMMUNITY_MEMBERS_API}/getMembers?community_id=${id}&status=pending`,
    );
    expect(pending.json().data).toEqual([]);
  });

  it('refuses the owner (400), a non-member, a banned member and another tenant (404), signed out (401) and a bad id (400)', async () => {
    const owner = await person();
    const banned = await person();
    const outsider = await person();
    const stranger = await person(tenantB);
    const id = await community(owner.actor);
    await join(banned.actor, id);
    await decide(owner.actor, id, banned.id, 'ban');
    const leave = (actor: Actor | null, target: number | string = id) =>
      call(actor, 'POST', `${COMMUNITIES_API}/leave/${target}`);

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
    const owner = await person();
    const leaver = await person();
    const banned = await person();
    const stays = await person();
    const id = await community(owner.actor, { visibility: 'private' });
    for (const who of [leaver, banned, stays]) {
      expect(await join(who.actor, id)).toBe('pending');
      await decide(owner.actor, id, who.id, 'approve');
    }
    // The author follows their own topic; the others follow it too.
    const opened = await topic(leaver.actor, id);
    for (const who of [banned, stays])
      expect(
        (await call(who.actor, 'POST', `${FORUM_TOPICS_API}/follow/${opened.topic_id}`)).statusCode,
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

    expect((await call(leaver.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`)).statusCode).toBe(200);
    await decide(owner.actor, id, banned.id, 'ban');
    for (const who of [leaver, banned])
      expect(
        (await call(who.actor, 'GET', `${FORUM_TOPICS_API}/getTopic/${opened.topic_id}`)).statusCode,
      ).toBe(404);
    await reply(owner.actor, opened.topic_id, '<p>Members-only plans</p>');
    expect(await repliesTo(leaver.id)).toHaveLength(1);
    expect(await repliesTo(banned.id)).toHaveLength(1);
    expect(await repliesTo(stays.id)).toHaveLength(2);
  });
});

describe('replies/updateReply', () => {
  it('lets the author edit: the sanitised text is read back, marked edited, and the old text kept', async () => {
    const owner = await person();
    const author = await person();
    const id = await community(owner.actor);
    await join(author.actor, id);
    const opened = await topic(owner.actor, id);
    const postId = await reply(author.actor, opened.topic_id, '<p>first</p>');
    const edited = await call(author.actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/${postId}`, {
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
    const page = await call(
      owner.actor,
      'GET',
      `${FORUM_REPLIES_API}/getReplies?topic_id=${opened.topic_id}`,
    );
    const shown = (page.json().data as { post_id: number; body: string }[]).find((p) => p.post_id === postId);
    expect(shown?.body).toBe('<p>second</p>');
    expect(await editsOf(postId)).toEqual([
      expect.objectContaining({ previous_body: '<p>first</p>', edited_by: author.id }),
    ]);
    const history = await call(owner.actor, 'GET', `${FORUM_REPLIES_API}/getEdits/${postId}`);
    expect(history.json().data.map((row: { previous_body: string }) => row.previous_body)).toEqual([
      '<p>first</p>',
    ]);
  });

  it('refuses empty, script-only, too long and malformed bodies with 400, changing nothing', async () => {
    const owner = await person();
    const id = await community(owner.actor);
    const opened = await topic(owner.actor, id);
    const postId = await reply(owner.actor, opened.topic_id, '<p>kept</p>');
    const url = `${FORUM_REPLIES_API}/updateReply/${postId}`;
    for (const body of ['', '<script>alert(1)</script>', '<p>   </p>']) {
      const response = await call(owner.actor, 'PUT', url, { body });
      expect(response.statusCode, body).toBe(400);
      expect(response.json().message).toContain(COMMUNITY_MESSAGES.bodyEmpty);
    }
    const long = await call(owner.actor, 'PUT', url, { body: 'x'.repeat(COMMUNITY_LIMITS.bodyMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(`At most ${COMMUNITY_LIMITS.bodyMax} characters.`);
    for (const payload of [{}, { body: '<p>x</p>', status: 'visible' }, { body: 42 }]) {
      expect((await call(owner.actor, 'PUT', url, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await call(owner.actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/abc`, { body: '<p>x</p>' }))
        .statusCode,
    ).toBe(400);
    expect(await postRow(postId)).toMatchObject({ body: '<p>kept</p>', edited_at: null });
    expect(await editsOf(postId)).toEqual([]);
  });

  it('keeps edits to the author: 401, 403 to other members and moderators, 404 to outsiders and another tenant', async () => {
    const owner = await person();
    const author = await person();
    const other = await person();
    const outsider = await person();
    const stranger = await person(tenantB);
    const open = await community(owner.actor);
    const closed = await community(owner.actor, { visibility: 'private' });
    for (const id of [open, closed]) {
      await join(author.actor, id);
      await join(other.actor, id);
    }
    await decide(owner.actor, closed, author.id, 'approve');
    await decide(owner.actor, closed, other.id, 'approve');
    const openPost = await reply(author.actor, (await topic(owner.actor, open)).topic_id, '<p>mine</p>');
    const closedPost = await reply(author.actor, (await topic(owner.actor, closed)).topic_id, '<p>mine</p>');
    const edit = (actor: Actor | null, postId: number) =>
      call(actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/${postId}`, { body: '<p>hijacked</p>' });

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
    const owner = await person();
    const banned = await person();
    const leaver = await person();
    const id = await community(owner.actor);
    const opened = await topic(owner.actor, id);
    await join(banned.actor, id);
    await join(leaver.actor, id);
    const bannedPost = await reply(banned.actor, opened.topic_id, '<p>before</p>');
    const leaverPost = await reply(leaver.actor, opened.topic_id, '<p>before</p>');
    const removedPost = await reply(owner.actor, opened.topic_id, '<p>before</p>');
    await decide(owner.actor, id, banned.id, 'ban');
    await call(leaver.actor, 'POST', `${COMMUNITIES_API}/leave/${id}`);
    const removed = await call(owner.actor, 'POST', `${FORUM_REPORTS_API}/moderate/${removedPost}`, {
      action: 'remove',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const edit = (actor: Actor, postId: number) =>
      call(actor, 'PUT', `${FORUM_REPLIES_API}/updateReply/${postId}`, { body: '<p>after</p>' });

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
    const owner = await person();
    const poster = await person();
    const id = await community(owner.actor);
    await join(poster.actor, id);
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
    const anotherTopic = await call(poster.actor, 'POST', `${FORUM_TOPICS_API}/createTopic`, {
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

describe('connections/getSummary (network, under /api/community)', () => {
  async function connect(from: Actor, to: Actor) {
    const sent = await call(from, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: to.userId });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().data.connection_id as number;
  }
  async function follow(from: Actor, userId: number) {
    const followed = await call(from, 'POST', `${FOLLOWS_API}/createFollow`, { user_id: userId });
    expect(followed.statusCode, followed.body).toBe(201);
  }
  const summaryOf = async (actor: Actor) => {
    const response = await call(actor, 'GET', `${CONNECTIONS_API}/getSummary`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it("counts my connections, requests both ways and follows, and nobody else's", async () => {
    const me = await person();
    const friend = await person();
    const asked = await person();
    const asker = await person();
    const followed = await person();
    const fresh = await person();
    const accepted = await connect(me.actor, friend.actor);
    expect(
      (await call(friend.actor, 'POST', `${CONNECTIONS_API}/acceptConnection/${accepted}`)).statusCode,
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
    expect((await call(me.actor, 'POST', `${CONNECTIONS_API}/acceptConnection/${incoming}`)).statusCode).toBe(
      200,
    );
    expect(await summaryOf(me.actor)).toMatchObject({ connections: 2, received: 0, sent: 1 });
  });

  it("answers 401 signed out; the counts are the person's whatever tenant they act in", async () => {
    const me = await person();
    const other = await person();
    await follow(me.actor, other.id);
    expect((await call(null, 'GET', `${CONNECTIONS_API}/getSummary`)).statusCode).toBe(401);
    const here = await summaryOf(me.actor);
    expect(here.following).toBe(1);
    expect(await summaryOf({ ...me.actor, tenantId: tenantB })).toEqual(here);
  });
});

describe('comments/deleteComment (network, under /api/community)', () => {
  async function post(author: Actor, visibility: 'public' | 'tenant' = 'public') {
    const made = await call(author, 'POST', `${POSTS_API}/createPost`, {
      body: `<p>A ${visibility} post</p>`,
      visibility,
      status: 'published',
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.post_id as number;
  }
  async function comment(author: Actor, postId: number, body = 'Nice') {
    const made = await call(author, 'POST', `${COMMENTS_API}/createComment`, { post_id: postId, body });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.comment_id as number;
  }
  const commentRow = async (commentId: number) =>
    (await t.database.system.select().from(postComments).where(eq(postComments.comment_id, commentId)))[0]!;
  const commentCount = async (postId: number) =>
    (await t.database.system.select().from(posts).where(eq(posts.post_id, postId)))[0]!.comment_count;
  const remove = (actor: Actor | null, commentId: number | string) =>
    call(actor, 'DELETE', `${COMMENTS_API}/deleteComment/${commentId}`);

  it('deletes my comment: gone from the list, the post count drops, the row kept as deleted', async () => {
    const author = await person();
    const commenter = await person(tenantB);
    const postId = await post(author.actor);
    const commentId = await comment(commenter.actor, postId);
    const kept = await comment(author.actor, postId, 'Thanks');
    expect(await commentCount(postId)).toBe(2);
    const deleted = await remove(commenter.actor, commentId);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Comment deleted.' });
    expect(await commentRow(commentId)).toMatchObject({ is_deleted: true, deleted_by: commenter.id });
    expect(await commentCount(postId)).toBe(1);
    const listed = await call(author.actor, 'GET', `${COMMENTS_API}/getComments?post_id=${postId}`);
    expect(listed.json().data.map((row: { comment_id: number }) => row.comment_id)).toEqual([kept]);
    const shown = await call(author.actor, 'GET', `${POSTS_API}/getPost/${postId}`);
    expect(shown.json().data.comment_count).toBe(1);
    // Once deleted it is gone: a second delete is a 404 and the count stays.
    const again = await remove(commenter.actor, commentId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NETWORK_MESSAGES.commentNotFound);
    expect(await commentCount(postId)).toBe(1);
  });

  it("lets the post's author delete someone else's comment on it", async () => {
    const author = await person();
    const commenter = await person();
    const postId = await post(author.actor);
    const commentId = await comment(commenter.actor, postId);
    expect((await remove(author.actor, commentId)).statusCode).toBe(200);
    expect(await commentRow(commentId)).toMatchObject({ is_deleted: true, deleted_by: author.id });
    expect(await commentCount(postId)).toBe(0);
  });

  it('refuses a bad id (400), signed out (401), a third reader (403) and another tenant (404), changing nothing', async () => {
    const author = await person();
    const commenter = await person();
    const reader = await person();
    const stranger = await person(tenantB);
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
