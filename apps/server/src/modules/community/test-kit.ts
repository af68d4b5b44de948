import { COMMUNITIES_API, COMMUNITY_MEMBERS_API } from '@nexus/contracts';
import { expect } from 'vitest';
import type { Actor } from '../../http/policy';
import { actingKit } from '../../test/acting';
import type { TestApp } from '../../test/make-app';

/** People, calls and the community steps (create, join, a moderator's decision) this module's test files share. */
export function communityKit(t: TestApp, homeTenantId: number) {
  const { call, person } = actingKit(t, homeTenantId);
  return {
    call,
    person,
    async community(owner: Actor, body: Record<string, unknown> = {}) {
      const response = await call(owner, 'POST', `${COMMUNITIES_API}/createCommunity`, {
        name: 'Makers',
        description: 'We make things',
        ...body,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.community_id as number;
    },
    async decide(owner: Actor, communityId: number, userId: number, action: string) {
      const response = await call(owner, 'POST', `${COMMUNITY_MEMBERS_API}/decide`, {
        community_id: communityId,
        user_id: userId,
        action,
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    async join(who: Actor, communityId: number) {
      const response = await call(who, 'POST', `${COMMUNITIES_API}/join/${communityId}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.status as string;
    },
  };
}
