import {
  COMMENTS_API,
  CONNECTIONS_API,
  FEED_API,
  FOLLOWS_API,
  NETWORK_MESSAGES,
  POSTS_API,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, posts, userBlocks, userRoles, userSettings } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { publishDue } from './posts';

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

function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Two people of different tenants (strangers), and a third in the first one's tenant. */
async function trio() {
  const one = (await makeTenant(t.database)).tenant_id;
  const two = (await makeTenant(t.database)).tenant_id;
  return { one, a: await person([one]), b: await person([two]), c: await person([one]) };
}

async function connect(a: Actor, b: Actor) {
  const sent = await call(a, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: b.userId });
  expect(sent.statusCode, sent.body).toBe(201);
  const accepted = await call(
    b,
    'POST',
    `${CONNECTIONS_API}/acceptConnection/${sent.json().data.connection_id}`,
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  return sent.json().data.connection_id as number;
}

async function inbox(userId: number) {
  await t.app.events.drain();
  return t.database.system
    .select({ title: notifications.title, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.category, 'network')));
}

describe('connections', () => {
  it('sends, lists, accepts and removes a request; both are notified once', async () => {
    const { a, b } = await trio();
    const sent = await call(a, 'POST', `${CONNECTIONS_API}/createConnection`, {
      user_id: b.userId,
      message: '<b>Hi</b> there',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ status: 'pending', direction: 'sent', message: 'Hi there' });
    const id = sent.json().data.connection_id;
    const again = await call(a, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: b.userId });
    expect(again.statusCode).toBe(409);
    const received = await call(b, 'GET', `${CONNECTIONS_API}/getConnectionRequests`);
    expect(received.json().data.map((row: { connection_id: number }) => row.connection_id)).toEqual([id]);
    const outgoing = await call(a, 'GET', `${CONNECTIONS_API}/getConnectionRequests?direction=sent`);
    expect(outgoing.json().data[0]).toMatchObject({ direction: 'sent', person: { user_id: b.userId } });
    // Only the addressee accepts: the sender's own try is a 404, as a missing one is.
    expect((await call(a, 'POST', `${CONNECTIONS_API}/acceptConnection/${id}`)).statusCode).toBe(404);
    expect((await call(b, 'POST', `${CONNECTIONS_API}/acceptConnection/${id}`)).statusCode).toBe(200);
    const mine = await call(a, 'GET', `${CONNECTIONS_API}/getConnections`);
    expect(mine.json().data[0]).toMatchObject({ status: 'accepted', person: { user_id: b.userId } });
    expect((await inbox(b.userId)).map((row) => row.link)).toEqual(['/community/connections']);
    expect((await inbox(a.userId)).map((row) => row.link)).toEqual(['/community/my-connections']);
    expect((await call(b, 'POST', `${CONNECTIONS_API}/deleteConnection/${id}`)).statusCode).toBe(200);
    expect((await call(a, 'GET', `${CONNECTIONS_API}/getConnections`)).json().data).toEqual([]);
  });

  it('declines and withdraws; a request both ways connects', async () => {
    const { a, b, c } = await trio();
    const first = (await call(a, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: b.userId })).json()
      .data;
    expect(
      (await call(a, 'POST', `${CONNECTIONS_API}/declineConnection/${first.connection_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(b, 'POST', `${CONNECTIONS_API}/declineConnection/${first.connection_id}`)).statusCode,
    ).toBe(200);
    const second = (
      await call(a, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: c.userId })
    ).json().data;
    expect(
      (await call(a, 'POST', `${CONNECTIONS_API}/withdrawConnection/${second.connection_id}`)).statusCode,
    ).toBe(200);
    await call(c, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: a.userId });
    const both = await call(a, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: c.userId });
    expect(both.json().data.status).toBe('accepted');
  });

  it('refuses bad input, itself, a missing person, a blocked one, and strangers signed out', async () => {
    const { a, b } = await trio();
    const url = `${CONNECTIONS_API}/createConnection`;
    expect((await call(a, 'POST', url, { user_id: 'x' })).statusCode).toBe(400);
    const self = await call(a, 'POST', url, { user_id: a.userId });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(NETWORK_MESSAGES.connectSelf);
    expect((await call(a, 'POST', url, { user_id: 2_147_000_000 })).statusCode).toBe(400);
    await t.database.system.insert(userBlocks).values({ blocker_id: b.userId, blocked_id: a.userId });
    const blocked = await call(a, 'POST', url, { user_id: b.userId });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(NETWORK_MESSAGES.blocked);
    expect((await call(null, 'GET', `${CONNECTIONS_API}/getConnections`)).statusCode).toBe(401);
    expect((await call(null, 'POST', url, { user_id: b.userId })).statusCode).toBe(401);
  });

  it('makes a connections-only profile visible to a connection, and lets them message', async () => {
    const { a, b } = await trio();
    await t.database.system
      .insert(userSettings)
      .values({ user_id: b.userId, tenant_id: null, profile_visibility: 'connections' });
    const profile = `/api/user/profile/${b.userId}`;
    const before = await call(a, 'GET', `${CONNECTIONS_API}/getPerson/${b.userId}`);
    expect(before.statusCode).toBe(404);
    // b can still ask a (a's profile is public), and a accepts.
    const sent = await call(b, 'POST', `${CONNECTIONS_API}/createConnection`, { user_id: a.userId });
    await call(a, 'POST', `${CONNECTIONS_API}/acceptConnection/${sent.json().data.connection_id}`);
    const after = await call(a, 'GET', `${CONNECTIONS_API}/getPerson/${b.userId}`);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.connection).toBe('connected');
    void profile;
    const conversation = await call(a, 'POST', '/api/messaging/conversations/createConversation', {
      member_ids: [b.userId],
    });
    expect(conversation.statusCode, conversation.body).toBe(201);
  });

  it('follows and unfollows; suggests people of the same tenant; searches by name and organisation', async () => {
    const { a, c } = await trio();
    const followed = await call(a, 'POST', `${FOLLOWS_API}/createFollow`, { user_id: c.userId });
    expect(followed.statusCode, followed.body).toBe(201);
    expect((await call(a, 'GET', `${FOLLOWS_API}/getFollowing`)).json().data[0].user_id).toBe(c.userId);
    const suggestions = (await call(a, 'GET', `${CONNECTIONS_API}/getSuggestions`)).json().data;
    expect(suggestions.map((card: { user_id: number }) => card.user_id)).toContain(c.userId);
    expect((await call(a, 'DELETE', `${FOLLOWS_API}/deleteFollow/${c.userId}`)).statusCode).toBe(200);
    expect((await call(a, 'DELETE', `${FOLLOWS_API}/deleteFollow/${c.userId}`)).statusCode).toBe(404);
    await t.database.system.execute(
      sql`update users set first_name = 'Zebulon', last_name = 'Quartermain' where user_id = ${c.userId}`,
    );
    const exact = await call(a, 'GET', `${CONNECTIONS_API}/searchPeople?search=quartermain`);
    expect(exact.json().data.map((card: { user_id: number }) => card.user_id)).toEqual([c.userId]);
    const typo = await call(a, 'GET', `${CONNECTIONS_API}/searchPeople?search=Zebulun`);
    expect(typo.json().data.map((card: { user_id: number }) => card.user_id)).toContain(c.userId);
  });
});

describe('posts', () => {
  it('keeps a draft, publishes it, shows it in a connection’s feed, and notifies comments and reactions', async () => {
    const { a, b } = await trio();
    await connect(a, b);
    const draft = await call(a, 'POST', `${POSTS_API}/createPost`, {
      title: 'Lab notes',
      body: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:alert(1)">link</a> world</p>',
      visibility: 'connections',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const post = draft.json().data;
    expect(post.status).toBe('draft');
    expect(post.body).not.toMatch(/script|onclick|javascript/);
    expect((await call(b, 'GET', `${POSTS_API}/getPost/${post.post_id}`)).statusCode).toBe(404);
    expect((await call(b, 'GET', `${FEED_API}/getFeed`)).json().data).toEqual([]);
    const published = await call(a, 'PUT', `${POSTS_API}/updatePost/${post.post_id}`, {
      status: 'published',
    });
    expect(published.json().data.status).toBe('published');
    const feed = (await call(b, 'GET', `${FEED_API}/getFeed`)).json().data;
    expect(feed.map((item: { post_id: number }) => item.post_id)).toEqual([post.post_id]);
    const comment = await call(b, 'POST', `${COMMENTS_API}/createComment`, {
      post_id: post.post_id,
      body: 'Nice',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const reacted = await call(b, 'POST', `${POSTS_API}/reactToPost/${post.post_id}`, {
      reaction: 'celebrate',
    });
    expect(reacted.json().data).toMatchObject({
      reaction_count: 1,
      my_reaction: 'celebrate',
      comment_count: 1,
    });
    await call(b, 'POST', `${POSTS_API}/reactToPost/${post.post_id}`, { reaction: 'like' });
    const comments = (await call(a, 'GET', `${COMMENTS_API}/getComments?post_id=${post.post_id}`)).json()
      .data;
    expect(comments[0]).toMatchObject({ body: 'Nice', deletable: true });
    const links = (await inbox(a.userId))
      .map((row) => row.link)
      .filter((link) => link.startsWith('/show-post'));
    expect(links).toEqual([`/show-post/${post.post_id}`, `/show-post/${post.post_id}`]);
    expect(
      (await call(a, 'PUT', `${POSTS_API}/updatePost/${post.post_id}`, { status: 'draft' })).statusCode,
    ).toBe(400);
  });

  it('hides connections-only and tenant posts from strangers, and searches what one may read', async () => {
    const { a, b, c } = await trio();
    for (const visibility of ['public', 'connections', 'tenant'] as const) {
      const made = await call(a, 'POST', `${POSTS_API}/createPost`, {
        body: `<p>Photosynthesis report ${visibility}</p>`,
        visibility,
        status: 'published',
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const seen = async (actor: Actor) =>
      (await call(actor, 'GET', `${POSTS_API}/searchPosts?search=photosynthesis`))
        .json()
        .data.map((item: { visibility: string }) => item.visibility);
    expect((await seen(b)).sort()).toEqual(['public']);
    expect((await seen(c)).sort()).toEqual(['public', 'tenant']);
    expect((await seen(a)).sort()).toEqual(['connections', 'public', 'tenant']);
    expect((await call(b, 'GET', `${POSTS_API}/searchPosts`)).statusCode).toBe(200);
  });

  it('pages the feed of a follower by cursor, leaving out connections-only posts of people not connected', async () => {
    const { a, b } = await trio();
    expect((await call(b, 'POST', `${FOLLOWS_API}/createFollow`, { user_id: a.userId })).statusCode).toBe(
      201,
    );
    const ids: number[] = [];
    for (const visibility of ['public', 'connections', 'public', 'public'] as const) {
      const made = await call(a, 'POST', `${POSTS_API}/createPost`, {
        body: `<p>${visibility}</p>`,
        visibility,
        status: 'published',
      });
      ids.push(made.json().data.post_id);
    }
    const first = (await call(b, 'GET', `${FEED_API}/getFeed?limit=2`)).json();
    expect(first.data.map((item: { post_id: number }) => item.post_id)).toEqual([ids[3], ids[2]]);
    const second = (
      await call(b, 'GET', `${FEED_API}/getFeed?limit=2&cursor=${encodeURIComponent(first.meta.next_cursor)}`)
    ).json();
    expect(second.data.map((item: { post_id: number }) => item.post_id)).toEqual([ids[0]]);
    expect(second.meta.next_cursor).toBeNull();
    expect((await call(b, 'GET', `${FEED_API}/getFeed?cursor=nonsense`)).statusCode).toBe(400);
  });

  it('answers a re-read feed as it is now: a follow, a reaction, an unfollow and a block show at once', async () => {
    const { a, b } = await trio();
    const made = await call(a, 'POST', `${POSTS_API}/createPost`, {
      body: '<p>Seedlings are up</p>',
      visibility: 'public',
      status: 'published',
    });
    const postId = made.json().data.post_id as number;
    const feed = async () =>
      (await call(b, 'GET', `${FEED_API}/getFeed`)).json().data as {
        post_id: number;
        reaction_count: number;
        my_reaction: string | null;
      }[];
    // Read twice, so a kept page is what each next read would reuse.
    expect(await feed()).toEqual([]);
    expect(await feed()).toEqual([]);
    expect((await call(b, 'POST', `${FOLLOWS_API}/createFollow`, { user_id: a.userId })).statusCode).toBe(
      201,
    );
    expect((await feed()).map((item) => item.post_id)).toEqual([postId]);
    await call(a, 'POST', `${POSTS_API}/reactToPost/${postId}`, { reaction: 'like' });
    expect(await feed()).toMatchObject([{ post_id: postId, reaction_count: 1, my_reaction: null }]);
    expect((await call(b, 'DELETE', `${FOLLOWS_API}/deleteFollow/${a.userId}`)).statusCode).toBeLessThan(300);
    expect(await feed()).toEqual([]);
    expect((await call(b, 'POST', `${FOLLOWS_API}/createFollow`, { user_id: a.userId })).statusCode).toBe(
      201,
    );
    expect(await feed()).toHaveLength(1);
    await t.database.system.insert(userBlocks).values({ blocker_id: b.userId, blocked_id: a.userId });
    expect(await feed()).toEqual([]);
  });

  it('schedules a post for later and the job publishes it when due', async () => {
    const { a } = await trio();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const made = await call(a, 'POST', `${POSTS_API}/createPost`, {
      body: '<p>Soon</p>',
      status: 'scheduled',
      publish_at: later,
    });
    expect(made.json().data).toMatchObject({ status: 'scheduled' });
    const id = made.json().data.post_id;
    expect(await publishDue(t.database.db, id)).toBeNull();
    await t.database.system
      .update(posts)
      .set({ publish_at: new Date(Date.now() - 1000) })
      .where(eq(posts.post_id, id));
    expect(await publishDue(t.database.db, id)).toEqual({ author_id: a.userId });
    const past = await call(a, 'POST', `${POSTS_API}/createPost`, {
      body: '<p>x</p>',
      status: 'scheduled',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(NETWORK_MESSAGES.publishAtPast);
  });

  it('refuses empty posts, tenant posts without a tenant, others’ edits, and signed-out calls', async () => {
    const { a, b } = await trio();
    const empty = await call(a, 'POST', `${POSTS_API}/createPost`, { body: '<p> </p>', status: 'published' });
    expect(empty.statusCode).toBe(400);
    const nowhere = await call({ ...a, tenantId: null }, 'POST', `${POSTS_API}/createPost`, {
      body: 'x',
      visibility: 'tenant',
    });
    expect(nowhere.statusCode).toBe(400);
    const mine = (await call(a, 'POST', `${POSTS_API}/createPost`, { body: 'x', status: 'published' })).json()
      .data;
    expect((await call(b, 'PUT', `${POSTS_API}/updatePost/${mine.post_id}`, { body: 'y' })).statusCode).toBe(
      404,
    );
    expect((await call(b, 'DELETE', `${POSTS_API}/deletePost/${mine.post_id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${POSTS_API}/getPosts`)).statusCode).toBe(401);
    expect(
      (await call(a, 'POST', `${POSTS_API}/createPost`, { body: 'x', visibility: 'everyone' })).statusCode,
    ).toBe(400);
    expect((await call(a, 'DELETE', `${POSTS_API}/deletePost/${mine.post_id}`)).statusCode).toBe(200);
    expect((await call(b, 'GET', `${POSTS_API}/getPost/${mine.post_id}`)).statusCode).toBe(404);
  });
});
