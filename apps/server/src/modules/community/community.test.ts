import { COMMUNITY_API } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, forumPosts, notifications, userBlocks } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 18: communities, membership, privacy, forums, mentions, reports and moderation. */

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

async function person(tenantId: number | null = tenantA) {
  const user = await makeUser(t.database);
  return { actor: member(user.user_id, tenantId), username: user.username, id: user.user_id };
}

async function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: Record<string, unknown>,
) {
  t.actAs(actor);
  return t.app.inject({
    method,
    url: `${COMMUNITY_API}/${path}`,
    ...(payload === undefined ? {} : { payload }),
  });
}

async function community(owner: Actor, body: Record<string, unknown> = {}) {
  const response = await call(owner, 'POST', 'communities/createCommunity', { name: 'Makers', ...body });
  expect(response.statusCode).toBe(201);
  return response.json().data as { community_id: number; activity_forum_id: number };
}

async function topic(actor: Actor, communityId: number, body = '<p>Hello</p>') {
  const response = await call(actor, 'POST', 'topics/createTopic', {
    community_id: communityId,
    title: 'First',
    body,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { topic_id: number; opening_post_id: number };
}

async function reply(actor: Actor, topicId: number, body: string) {
  const response = await call(actor, 'POST', 'replies/createReply', { topic_id: topicId, body });
  expect(response.statusCode).toBe(201);
  return response.json().data as { post_id: number };
}

async function joinApproved(owner: Actor, communityId: number, who: { actor: Actor; id: number }) {
  expect((await call(who.actor, 'POST', `communities/join/${communityId}`)).json().data.status).toBe(
    'pending',
  );
  const decided = await call(owner, 'POST', 'members/decide', {
    community_id: communityId,
    user_id: who.id,
    action: 'approve',
  });
  expect(decided.statusCode).toBe(200);
}

const notificationsOf = (userId: number) =>
  t.database.system
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.category, 'community')));

async function deliverEvents() {
  await t.app.events.drain();
}

describe('communities', () => {
  it('creates a community with its forum and the creator as owner; bad input is a 400', async () => {
    const owner = await person();
    const created = await community(owner.actor, { description: 'We make things' });
    expect(created.activity_forum_id).toBeGreaterThan(0);
    const got = await call(owner.actor, 'GET', `communities/getCommunity/${created.community_id}`);
    expect(got.json().data).toMatchObject({ my_role: 'owner', member_count: 1, community_type: 'tenant' });
    const bad = await call(owner.actor, 'POST', 'communities/createCommunity', { name: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Give the community a name.');
    expect((await call(null, 'GET', 'communities/getCommunities')).statusCode).toBe(401);
  });

  it('keeps a private community to its members: outsiders see the name only and get 404 for the rest', async () => {
    const owner = await person();
    const outsider = await person();
    const { community_id: id } = await community(owner.actor, {
      visibility: 'private',
      description: 'secret',
    });
    const opened = await topic(owner.actor, id);
    const seen = await call(outsider.actor, 'GET', `communities/getCommunity/${id}`);
    expect(seen.json().data).toMatchObject({ name: 'Makers', description: null, member_count: null });
    expect((await call(outsider.actor, 'GET', `topics/getTopics?community_id=${id}`)).statusCode).toBe(404);
    expect((await call(outsider.actor, 'GET', `topics/getTopic/${opened.topic_id}`)).statusCode).toBe(404);
    expect((await call(outsider.actor, 'GET', `members/getMembers?community_id=${id}`)).statusCode).toBe(404);
    expect(
      (await call(outsider.actor, 'GET', `replies/getReplies?topic_id=${opened.topic_id}`)).statusCode,
    ).toBe(404);
    // Another tenant's people do not even see it listed.
    const stranger = await person(tenantB);
    expect((await call(stranger.actor, 'GET', `communities/getCommunity/${id}`)).statusCode).toBe(404);
    // Asking to join, then approval, opens it.
    await joinApproved(owner.actor, id, outsider);
    expect((await call(outsider.actor, 'GET', `topics/getTopic/${opened.topic_id}`)).statusCode).toBe(200);
  });

  it('lets only moderators decide on members, and a banned member cannot post', async () => {
    const owner = await person();
    const joiner = await person();
    const { community_id: id } = await community(owner.actor);
    expect((await call(joiner.actor, 'POST', `communities/join/${id}`)).json().data.status).toBe('active');
    const { topic_id: topicId } = await topic(joiner.actor, id);
    const forbidden = await call(joiner.actor, 'POST', 'members/decide', {
      community_id: id,
      user_id: owner.id,
      action: 'ban',
    });
    expect(forbidden.statusCode).toBe(403);
    const ban = await call(owner.actor, 'POST', 'members/decide', {
      community_id: id,
      user_id: joiner.id,
      action: 'ban',
    });
    expect(ban.statusCode).toBe(200);
    const blocked = await call(joiner.actor, 'POST', 'replies/createReply', {
      topic_id: topicId,
      body: '<p>hi</p>',
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe('You are banned from this community.');
    const log = await call(owner.actor, 'GET', `members/getAuditLog?community_id=${id}`);
    expect(log.json().data.map((row: { action: string }) => row.action)).toContain('member.ban');
    expect((await call(joiner.actor, 'GET', `members/getAuditLog?community_id=${id}`)).statusCode).toBe(403);
  });

  it('lists with defaults and finds by full text and by a misspelt name', async () => {
    const owner = await person();
    await community(owner.actor, { name: 'Photography circle', description: 'lenses and light' });
    const all = await call(owner.actor, 'GET', 'communities/getCommunities');
    expect(all.statusCode).toBe(200);
    const byText = await call(owner.actor, 'GET', 'communities/getCommunities?search=lenses');
    expect(byText.json().data.map((row: { name: string }) => row.name)).toContain('Photography circle');
    const typo = await call(owner.actor, 'GET', 'communities/getCommunities?search=Photografy');
    expect(typo.json().data.map((row: { name: string }) => row.name)).toContain('Photography circle');
  });
});

describe('forums', () => {
  it('sanitises rich text, threads replies and counts reactions', async () => {
    const owner = await person();
    const { community_id: id } = await community(owner.actor);
    const opened = await topic(
      owner.actor,
      id,
      '<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    );
    const [stored] = await t.database.system
      .select()
      .from(forumPosts)
      .where(eq(forumPosts.post_id, opened.opening_post_id));
    expect(stored!.body).not.toMatch(/script|onclick|javascript/);
    const first = await reply(owner.actor, opened.topic_id, '<p>one</p>');
    const nested = await call(owner.actor, 'POST', 'replies/createReply', {
      topic_id: opened.topic_id,
      body: '<p>two</p>',
      parent_post_id: first.post_id,
      quote_post_id: first.post_id,
    });
    expect(nested.statusCode).toBe(201);
    const reacted = await call(owner.actor, 'POST', 'reactions/toggleReaction', {
      post_id: first.post_id,
      emoji: '👍',
    });
    expect(reacted.json().data.reacted).toBe(true);
    const page = await call(owner.actor, 'GET', `replies/getReplies?topic_id=${opened.topic_id}`);
    const posts = page.json().data as {
      post_id: number;
      parent_post_id: number | null;
      reactions: unknown[];
    }[];
    expect(posts).toHaveLength(3);
    expect(posts[2]!.parent_post_id).toBe(first.post_id);
    expect(posts[1]!.reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    expect(page.json().meta.total).toBe(3);
    const bad = await call(owner.actor, 'POST', 'replies/createReply', {
      topic_id: opened.topic_id,
      body: '<script></script>',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('notifies a mentioned person once and a follower of a reply once, never a blocked one', async () => {
    const owner = await person();
    const mentioned = await person();
    const blocker = await person();
    const follower = await person();
    const { community_id: id } = await community(owner.actor);
    for (const who of [mentioned, blocker, follower]) await call(who.actor, 'POST', `communities/join/${id}`);
    await t.database.system.insert(userBlocks).values({ blocker_id: blocker.id, blocked_id: owner.id });
    const opened = await topic(owner.actor, id);
    await call(follower.actor, 'POST', `topics/follow/${opened.topic_id}`);
    await call(mentioned.actor, 'POST', `topics/follow/${opened.topic_id}`);
    await reply(
      owner.actor,
      opened.topic_id,
      `<p>@${mentioned.username} and again @${mentioned.username}, also @${blocker.username}</p>`,
    );
    await deliverEvents();
    expect(await notificationsOf(mentioned.id)).toHaveLength(1);
    expect((await notificationsOf(mentioned.id))[0]!.title).toContain('mentioned you');
    expect(await notificationsOf(blocker.id)).toHaveLength(0);
    expect(await notificationsOf(follower.id)).toHaveLength(1);
    const events = await t.database.system
      .select()
      .from(domainEvents)
      .where(
        sql`${domainEvents.name} = 'community.post.created' and ${domainEvents.payload}->>'topic_id' = ${String(opened.topic_id)}`,
      );
    expect(events).toHaveLength(2);
  });

  it('hides a post after three reports from three people; a moderator restores it, audited', async () => {
    const owner = await person();
    const { community_id: id } = await community(owner.actor);
    const author = await person();
    await call(author.actor, 'POST', `communities/join/${id}`);
    const opened = await topic(owner.actor, id);
    const target = await reply(author.actor, opened.topic_id, '<p>spam</p>');
    const reporters = [await person(), await person(), await person()];
    for (const [index, reporter] of reporters.entries()) {
      await call(reporter.actor, 'POST', `communities/join/${id}`);
      const reported = await call(reporter.actor, 'POST', 'reports/createReport', {
        post_id: target.post_id,
        reason: 'spam',
      });
      expect(reported.statusCode).toBe(201);
      expect(reported.json().data.status).toBe(index < 2 ? 'visible' : 'hidden');
    }
    const again = await call(reporters[0]!.actor, 'POST', 'reports/createReport', {
      post_id: target.post_id,
      reason: 'x',
    });
    expect(again.statusCode).toBe(400);
    const asReader = await call(reporters[0]!.actor, 'GET', `replies/getReplies?topic_id=${opened.topic_id}`);
    const hidden = (asReader.json().data as { post_id: number; body: string; status: string }[]).find(
      (post) => post.post_id === target.post_id,
    );
    expect(hidden).toMatchObject({ status: 'hidden', body: '' });
    const queue = await call(owner.actor, 'GET', `reports/getReports?community_id=${id}`);
    expect(queue.json().data[0]).toMatchObject({ post_id: target.post_id, report_count: 3 });
    expect(
      (await call(author.actor, 'POST', `reports/moderate/${target.post_id}`, { action: 'restore' }))
        .statusCode,
    ).toBe(403);
    const restored = await call(owner.actor, 'POST', `reports/moderate/${target.post_id}`, {
      action: 'restore',
    });
    expect(restored.json().data.status).toBe('visible');
    const log = await call(owner.actor, 'GET', `members/getAuditLog?community_id=${id}`);
    expect(log.json().data[0].action).toBe('post.restore');
  });

  it('pins and locks for moderators only; a locked topic takes no replies; edits are kept for moderators', async () => {
    const owner = await person();
    const joiner = await person();
    const { community_id: id } = await community(owner.actor);
    await call(joiner.actor, 'POST', `communities/join/${id}`);
    const opened = await topic(joiner.actor, id);
    expect(
      (await call(joiner.actor, 'PUT', `topics/updateTopic/${opened.topic_id}`, { pinned: true })).statusCode,
    ).toBe(403);
    const first = await reply(owner.actor, opened.topic_id, '<p>answer</p>');
    const accepted = await call(joiner.actor, 'PUT', `topics/updateTopic/${opened.topic_id}`, {
      accepted_post_id: first.post_id,
    });
    expect(accepted.json().data.accepted_post_id).toBe(first.post_id);
    const edited = await call(joiner.actor, 'PUT', `topics/updateTopic/${opened.topic_id}`, {
      body: '<p>edited</p>',
    });
    expect(edited.statusCode).toBe(200);
    const history = await call(owner.actor, 'GET', `replies/getEdits/${opened.opening_post_id}`);
    expect(history.json().data[0].previous_body).toBe('<p>Hello</p>');
    expect((await call(joiner.actor, 'GET', `replies/getEdits/${opened.opening_post_id}`)).statusCode).toBe(
      403,
    );
    const locked = await call(owner.actor, 'PUT', `topics/updateTopic/${opened.topic_id}`, {
      locked: true,
      pinned: true,
    });
    expect(locked.json().data).toMatchObject({ locked: true, pinned: true });
    const refused = await call(joiner.actor, 'POST', 'replies/createReply', {
      topic_id: opened.topic_id,
      body: '<p>x</p>',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('finds topics by full text over titles and posts', async () => {
    const owner = await person();
    const { community_id: id } = await community(owner.actor);
    const opened = await topic(owner.actor, id, '<p>Soldering irons compared</p>');
    const found = await call(owner.actor, 'GET', `topics/getTopics?community_id=${id}&search=soldering`);
    expect(found.json().data.map((row: { topic_id: number }) => row.topic_id)).toEqual([opened.topic_id]);
  });
});

describe('groups and circles', () => {
  it('creates a group with its own forum; only its members post there', async () => {
    const owner = await person();
    const other = await person();
    const { community_id: id } = await community(owner.actor);
    await call(other.actor, 'POST', `communities/join/${id}`);
    const created = await call(owner.actor, 'POST', 'groups/createGroup', {
      community_id: id,
      name: 'Robots',
    });
    expect(created.statusCode).toBe(201);
    const group = created.json().data as { group_id: number; forum_id: number };
    const refused = await call(other.actor, 'POST', 'topics/createTopic', {
      forum_id: group.forum_id,
      title: 'x',
      body: '<p>x</p>',
    });
    expect(refused.statusCode).toBe(403);
    await call(other.actor, 'POST', `groups/join/${group.group_id}`);
    const posted = await call(other.actor, 'POST', 'topics/createTopic', {
      forum_id: group.forum_id,
      title: 'x',
      body: '<p>x</p>',
    });
    expect(posted.statusCode).toBe(201);
    const mine = await call(other.actor, 'GET', 'groups/getGroups?mine=true');
    expect(mine.json().data.map((row: { group_id: number }) => row.group_id)).toContain(group.group_id);
    expect((await call(other.actor, 'GET', 'groups/getGroups')).statusCode).toBe(200);
  });
});
