import { COMMUNITY_API, POSTS_API } from '@nexus/contracts';
import { expect } from 'vitest';
import type { Actor } from '../../http/policy';
import { actingKit } from '../../test/acting';
import type { TestApp } from '../../test/make-app';

/**
 * What the tests of posts shared to communities have in common: people, calls, a community to share
 * to (created and joined through the community area's API), and a published post.
 */
export function networkKit(t: TestApp, homeTenantId: number) {
  const acting = actingKit(t, homeTenantId);
  const call = acting.call;
  return {
    call,
    person: async (tenantId: number = homeTenantId): Promise<Actor> => (await acting.person(tenantId)).actor,
    async community(owner: Actor, visibility: 'public' | 'private' = 'public') {
      const made = await call(owner, 'POST', `${COMMUNITY_API}/communities/createCommunity`, {
        name: `Makers ${Math.random().toString(36).slice(2, 8)}`,
        visibility,
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.community_id as number;
    },
    /** Joins a community (approved by its owner when private). */
    async join(owner: Actor, who: Actor, communityId: number) {
      await call(who, 'POST', `${COMMUNITY_API}/communities/join/${communityId}`);
      await call(owner, 'POST', `${COMMUNITY_API}/members/decide`, {
        community_id: communityId,
        user_id: who.userId,
        action: 'approve',
      });
    },
    async write(author: Actor, body: Record<string, unknown>) {
      const made = await call(author, 'POST', `${POSTS_API}/createPost`, {
        body: '<p>Hello makers</p>',
        status: 'published',
        ...body,
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data as { post_id: number; communities: { community_id: number }[] };
    },
  };
}
