import { COMMUNITY_API, COMMUNITY_MESSAGES, NETWORK_MESSAGES, POSTS_API } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { networkKit } from './test-kit';

/**
 * Issue 18: a community's moderators take others' posts out of it (`unsharePost`), besides the author
 * (whose own take-back is in community-posts.test.ts).
 */

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

async function listed(actor: Actor, communityId: number): Promise<number[]> {
  const page = await kit.call(actor, 'GET', `${POSTS_API}/getCommunityPosts?community_id=${communityId}`);
  expect(page.statusCode, page.body).toBe(200);
  return page.json().data.map((post: { post_id: number }) => post.post_id);
}

const unshare = (actor: Actor | null, postId: number, communityId: number) =>
  kit.call(actor, 'POST', `${POSTS_API}/unsharePost/${postId}`, { community_id: communityId });

async function shareCountOf(postId: number): Promise<number> {
  const result = await t.database.system.execute(
    sql`select count(*)::int as n from community_posts where post_id = ${postId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe("taking another person's post out of a community", () => {
  it('lets a moderator take a member’s post out, audited, down to its last community', async () => {
    const owner = await kit.person();
    const moderator = await kit.person();
    const author = await kit.person();
    const reader = await kit.person();
    const place = await kit.community(owner);
    const other = await kit.community(owner);
    for (const who of [moderator, author, reader]) await kit.join(owner, who, place);
    await kit.join(owner, author, other);
    await kit.join(owner, reader, other);
    await kit.call(owner, 'POST', `${COMMUNITY_API}/members/decide`, {
      community_id: place,
      user_id: moderator.userId,
      action: 'make_moderator',
    });
    const post = await kit.write(author, { visibility: 'community', community_ids: [place, other] });

    const removed = await unshare(moderator, post.post_id, place);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.communities).toEqual([expect.objectContaining({ community_id: other })]);
    expect(removed.json().data.mine).toBe(false);
    expect(await listed(reader, place)).toEqual([]);
    expect(await listed(reader, other)).toEqual([post.post_id]);
    const log = await kit.call(owner, 'GET', `${COMMUNITY_API}/members/getAuditLog?community_id=${place}`);
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data[0]).toMatchObject({
      action: 'shared_post.removed',
      target_kind: 'post',
      target_id: post.post_id,
      actor: { user_id: moderator.userId },
    });
    // The last community of a community-only post may go too: the post is then its author's alone.
    const last = await unshare(owner, post.post_id, other);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.communities).toEqual([]);
    expect(await shareCountOf(post.post_id)).toBe(0);
    expect((await kit.call(reader, 'GET', `${POSTS_API}/getPost/${post.post_id}`)).statusCode).toBe(404);
    expect((await kit.call(author, 'GET', `${POSTS_API}/getPost/${post.post_id}`)).statusCode).toBe(200);
  });

  it('refuses a plain member (403) and keeps the share; a draft or a post not shared there is a 404', async () => {
    const owner = await kit.person();
    const author = await kit.person();
    const plain = await kit.person();
    const place = await kit.community(owner);
    await kit.join(owner, author, place);
    await kit.join(owner, plain, place);
    const post = await kit.write(author, { community_ids: [place] });
    const refused = await unshare(plain, post.post_id, place);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NETWORK_MESSAGES.notYourShare);
    // The refusal comes before the share is looked at: a missing post answers the same.
    expect((await unshare(plain, 2_000_000_000, place)).statusCode).toBe(403);
    expect(await shareCountOf(post.post_id)).toBe(1);
    expect(await listed(plain, place)).toEqual([post.post_id]);

    const draft = await kit.write(author, { status: 'draft', community_ids: [place] });
    const hidden = await unshare(owner, draft.post_id, place);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(NETWORK_MESSAGES.shareNotFound);
    expect(await shareCountOf(draft.post_id)).toBe(1);
    const elsewhere = await kit.write(author, {});
    expect((await unshare(owner, elsewhere.post_id, place)).statusCode).toBe(404);
  });

  it("answers 404 to another tenant's people and to outsiders of a private community; a platform admin may", async () => {
    const owner = await kit.person(tenantA);
    const author = await kit.person(tenantA);
    const place = await kit.community(owner);
    const secret = await kit.community(owner, 'private');
    await kit.join(owner, author, place);
    await kit.join(owner, author, secret);
    const post = await kit.write(author, { community_ids: [place, secret] });

    const foreignOwner = await kit.person(tenantB);
    await kit.community(foreignOwner);
    const foreign = await unshare(foreignOwner, post.post_id, place);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(COMMUNITY_MESSAGES.notFound);
    const outsider = await kit.person(tenantA);
    expect((await unshare(outsider, post.post_id, secret)).statusCode).toBe(404);
    expect(await shareCountOf(post.post_id)).toBe(2);

    const admin = platformAdmin((await makeUser(t.database)).user_id);
    const byAdmin = await unshare(admin, post.post_id, secret);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await shareCountOf(post.post_id)).toBe(1);
  });

  it('tells the web client who may take a post out: getCommunity answers can_moderate as unsharePost decides', async () => {
    const owner = await kit.person();
    const moderator = await kit.person();
    const author = await kit.person();
    const plain = await kit.person();
    const place = await kit.community(owner);
    for (const who of [moderator, author, plain]) await kit.join(owner, who, place);
    await kit.call(owner, 'POST', `${COMMUNITY_API}/members/decide`, {
      community_id: place,
      user_id: moderator.userId,
      action: 'make_moderator',
    });
    const admin = tenantAdmin((await makeUser(t.database)).user_id, tenantA);
    const root = platformAdmin((await makeUser(t.database)).user_id);
    const cases: [Actor, boolean][] = [
      [owner, true],
      [moderator, true],
      [admin, true],
      [root, true],
      [plain, false],
    ];
    for (const [actor, moderates] of cases) {
      const got = await kit.call(actor, 'GET', `${COMMUNITY_API}/communities/getCommunity/${place}`);
      expect(got.statusCode, got.body).toBe(200);
      expect(got.json().data.can_moderate).toBe(moderates);
      // Each answer is what the removal itself allows: a 403 for the others, a 200 for moderators.
      const post = await kit.write(author, { community_ids: [place] });
      expect((await unshare(actor, post.post_id, place)).statusCode).toBe(moderates ? 200 : 403);
    }
  });

  it('answers a signed-out caller with a 401 and removes nothing', async () => {
    const owner = await kit.person();
    const place = await kit.community(owner);
    const post = await kit.write(owner, { community_ids: [place] });
    expect((await unshare(null, post.post_id, place)).statusCode).toBe(401);
    expect(await shareCountOf(post.post_id)).toBe(1);
  });
});
