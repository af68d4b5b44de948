import { COMMUNITY_API, FEED_API, FOLLOWS_API, NETWORK_MESSAGES, POSTS_API } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBlocks } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { publishDue } from './posts';
import { networkKit } from './test-kit';

/** Issue 18 point 4: posts shared to communities, the community's list, and the home feed. */

let t: TestApp;
let tenantA: number;
let tenantB: number;
let kit: ReturnType<typeof networkKit>;

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  kit = networkKit(t, tenantA);
});
afterAll(async () => {
  await t?.close();
});

const list = (actor: Actor | null, communityId: number, cursor?: string) =>
  kit.call(
    actor,
    'GET',
    `${POSTS_API}/getCommunityPosts?community_id=${communityId}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

const ids = (response: { json(): { data: { post_id: number }[] } }) =>
  response.json().data.map((post) => post.post_id);

async function feedIds(actor: Actor): Promise<number[]> {
  const all: number[] = [];
  let cursor: string | null = null;
  do {
    const page = await kit.call(
      actor,
      'GET',
      `${FEED_API}/getFeed?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    all.push(...ids(page));
    cursor = page.json().meta.next_cursor;
  } while (cursor);
  return all;
}

describe('sharing a post to a community', () => {
  it('shares on writing and later, lists the community newest first, and feeds its members once each', async () => {
    const owner = await kit.person();
    const author = await kit.person();
    const reader = await kit.person();
    const first = await kit.community(owner);
    const second = await kit.community(owner);
    for (const who of [author, reader]) {
      await kit.join(owner, who, first);
      await kit.join(owner, who, second);
    }
    const shared = await kit.write(author, { community_ids: [first, second], visibility: 'community' });
    expect(shared.communities.map((c) => c.community_id).sort()).toEqual([first, second].sort());
    const later = await kit.write(author, { title: 'Later' });
    const again = await kit.call(author, 'POST', `${POSTS_API}/sharePost/${later.post_id}`, {
      community_ids: [first],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.communities).toEqual([expect.objectContaining({ community_id: first })]);
    // Sharing twice changes nothing.
    expect(
      (await kit.call(author, 'POST', `${POSTS_API}/sharePost/${later.post_id}`, { community_ids: [first] }))
        .statusCode,
    ).toBe(200);

    const page = await list(reader, first);
    expect(page.statusCode, page.body).toBe(200);
    expect(ids(page)).toEqual([later.post_id, shared.post_id]);
    // The reader follows the author too: each post still comes once, newest first, over cursor pages.
    await kit.call(reader, 'POST', `${FOLLOWS_API}/createFollow`, { user_id: author.userId });
    expect(await feedIds(reader)).toEqual([later.post_id, shared.post_id]);
    // Not a member: nothing in the feed, though a public community's readers may open its posts; another
    // tenant's people may not read the community, so its community-only post is a 404 for them.
    const stranger = await kit.person();
    expect(await feedIds(stranger)).toEqual([]);
    expect((await kit.call(stranger, 'GET', `${POSTS_API}/getPost/${shared.post_id}`)).statusCode).toBe(200);
    const foreign = await kit.person(tenantB);
    expect((await kit.call(foreign, 'GET', `${POSTS_API}/getPost/${shared.post_id}`)).statusCode).toBe(404);
    expect((await kit.call(foreign, 'GET', `${POSTS_API}/getPost/${later.post_id}`)).statusCode).toBe(200);
  });

  it('refuses a non-member and a banned member (403), and another person’s post (404)', async () => {
    const owner = await kit.person();
    const author = await kit.person();
    const other = await kit.person();
    const place = await kit.community(owner);
    const post = await kit.write(author, {});
    const notMember = await kit.call(author, 'POST', `${POSTS_API}/sharePost/${post.post_id}`, {
      community_ids: [place],
    });
    expect(notMember.statusCode).toBe(403);
    const onWrite = await kit.call(author, 'POST', `${POSTS_API}/createPost`, {
      body: '<p>x</p>',
      status: 'published',
      community_ids: [place],
    });
    expect(onWrite.statusCode).toBe(403);
    await kit.join(owner, author, place);
    await kit.call(owner, 'POST', `${COMMUNITY_API}/members/decide`, {
      community_id: place,
      user_id: author.userId,
      action: 'ban',
    });
    const banned = await kit.call(author, 'POST', `${POSTS_API}/sharePost/${post.post_id}`, {
      community_ids: [place],
    });
    expect(banned.statusCode).toBe(403);
    await kit.join(owner, other, place);
    const notTheirs = await kit.call(other, 'POST', `${POSTS_API}/sharePost/${post.post_id}`, {
      community_ids: [place],
    });
    expect(notTheirs.statusCode).toBe(404);
    const shares = await t.database.system.execute(
      sql`select count(*)::int as n from community_posts where post_id = ${post.post_id}`,
    );
    expect((shares as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('answers bad input with a 400 and a signed-out caller with a 401', async () => {
    const author = await kit.person();
    const post = await kit.write(author, {});
    for (const body of [
      { community_ids: [] },
      { community_ids: [3, 3] },
      { community_ids: ['x'] },
      { community_ids: [1], extra: true },
    ]) {
      const response = await kit.call(author, 'POST', `${POSTS_API}/sharePost/${post.post_id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const noCommunity = await kit.call(author, 'POST', `${POSTS_API}/createPost`, {
      body: '<p>x</p>',
      status: 'published',
      visibility: 'community',
    });
    expect(noCommunity.statusCode).toBe(400);
    expect(noCommunity.json().message).toBe(NETWORK_MESSAGES.communityNeeded);
    expect(
      (await kit.call(author, 'GET', `${POSTS_API}/getCommunityPosts?community_id=abc`)).statusCode,
    ).toBe(400);
    expect(
      (await kit.call(author, 'GET', `${POSTS_API}/getCommunityPosts?community_id=1&cursor=nope`)).statusCode,
    ).toBe(400);
    expect((await kit.call(null, 'GET', `${POSTS_API}/getCommunityPosts?community_id=1`)).statusCode).toBe(
      401,
    );
    expect(
      (await kit.call(null, 'POST', `${POSTS_API}/sharePost/${post.post_id}`, { community_ids: [1] }))
        .statusCode,
    ).toBe(401);
  });

  it("keeps a private community's posts with its members (404 for others, even in search)", async () => {
    const owner = await kit.person();
    const inside = await kit.person();
    const outsider = await kit.person();
    const place = await kit.community(owner, 'private');
    await kit.join(owner, inside, place);
    const secret = await kit.write(owner, {
      body: '<p>Quokka sightings report</p>',
      visibility: 'community',
      community_ids: [place],
    });
    expect(ids(await list(inside, place))).toEqual([secret.post_id]);
    expect((await list(outsider, place)).statusCode).toBe(404);
    expect((await kit.call(outsider, 'GET', `${POSTS_API}/getPost/${secret.post_id}`)).statusCode).toBe(404);
    const search = await kit.call(outsider, 'GET', `${POSTS_API}/searchPosts?search=quokka`);
    expect(ids(search)).not.toContain(secret.post_id);
    expect(ids(await kit.call(inside, 'GET', `${POSTS_API}/searchPosts?search=quokka`))).toContain(
      secret.post_id,
    );
    const sharing = await kit.write(outsider, {});
    expect(
      (
        await kit.call(outsider, 'POST', `${POSTS_API}/sharePost/${sharing.post_id}`, {
          community_ids: [place],
        })
      ).statusCode,
    ).toBe(404);
    // Its last community cannot be taken from a community-only post; a community it is not in is a 404.
    const last = await kit.call(owner, 'POST', `${POSTS_API}/unsharePost/${secret.post_id}`, {
      community_id: place,
    });
    expect(last.statusCode).toBe(400);
    const elsewhere = await kit.call(owner, 'POST', `${POSTS_API}/unsharePost/${sharing.post_id}`, {
      community_id: place,
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("hides another tenant's community (404) and a blocked author's posts", async () => {
    const owner = await kit.person(tenantA);
    const author = await kit.person(tenantA);
    const reader = await kit.person(tenantA);
    const place = await kit.community(owner);
    await kit.join(owner, author, place);
    await kit.join(owner, reader, place);
    const post = await kit.write(author, { community_ids: [place] });
    const foreign = await kit.person(tenantB);
    expect((await list(foreign, place)).statusCode).toBe(404);
    const own = await kit.write(foreign, {});
    expect(
      (await kit.call(foreign, 'POST', `${POSTS_API}/sharePost/${own.post_id}`, { community_ids: [place] }))
        .statusCode,
    ).toBe(404);
    expect(ids(await list(reader, place))).toEqual([post.post_id]);
    await t.database.system
      .insert(userBlocks)
      .values({ blocker_id: author.userId, blocked_id: reader.userId });
    expect(ids(await list(reader, place))).toEqual([]);
    expect(await feedIds(reader)).not.toContain(post.post_id);
  });

  it('lists a scheduled post once the job publishes it, and takes a share back', async () => {
    const owner = await kit.person();
    const author = await kit.person();
    const place = await kit.community(owner);
    await kit.join(owner, author, place);
    const scheduled = await kit.write(author, {
      status: 'scheduled',
      publish_at: new Date(Date.now() + 60_000).toISOString(),
      community_ids: [place],
    });
    expect(ids(await list(owner, place))).toEqual([]);
    await t.database.system.execute(
      sql`update posts set publish_at = now() where post_id = ${scheduled.post_id}`,
    );
    expect(await publishDue(t.database.db, scheduled.post_id)).not.toBeNull();
    expect(ids(await list(owner, place))).toEqual([scheduled.post_id]);
    expect(await feedIds(owner)).toContain(scheduled.post_id);
    const back = await kit.call(author, 'POST', `${POSTS_API}/unsharePost/${scheduled.post_id}`, {
      community_id: place,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data.communities).toEqual([]);
    expect(ids(await list(owner, place))).toEqual([]);
  });
});
