import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, allows, type Policy } from './http/policy';
import { makeUser, member, platformAdmin, teacher, tenantAdmin } from './test/factories';
import { makeTenantA, type TenantA } from './test/isolation-fixture';
import { makeApp, type TestApp } from './test/make-app';

/**
 * Issue 13, point 1: the catalogue answered 500 when asked with no search words, and no test called
 * it that way. Every list and search endpoint is called here exactly as a page first opens it: no
 * query string at all, as each kind of user who may call it. None may answer 5xx.
 */

/** A list or search by its last path segment: list*, get<Entity> (or bare get), getAll, search*. */
const LIST_NAME = /^(list\w*|get|get[A-Z]\w*|search\w*)$/;

/**
 * Lists that cannot answer without a parameter: the 400 they answer instead names that parameter.
 * Anything not named here must answer 200 with its defaults.
 */
const NEEDS_PARAMETER: Record<string, { parameter: string; reason: string }> = {
  '/api/user/privileges/getMyPrivileges': {
    parameter: 'role_id',
    reason: 'the menus of one role: the caller says which of its roles is active (spec section 6)',
  },
  '/api/community/comments/getComments': {
    parameter: 'post_id',
    reason: 'the comments of one post: the post page names the post it shows',
  },
  '/api/messaging/messages/getMessages': {
    parameter: 'conversation_id',
    reason: 'the history of one conversation: the page names the conversation it opened',
  },
  '/api/community/posts/getCommunityPosts': {
    parameter: 'community_id',
    reason: 'the posts shared to one community: the community page names the community it shows',
  },
  '/api/community/replies/getReplies': {
    parameter: 'topic_id',
    reason: 'the posts of one topic: the forum page names the topic it opened',
  },
};

let t: TestApp;
let a: TenantA;

beforeAll(async () => {
  t = await makeApp();
  const owner = await makeUser(t.database);
  a = await makeTenantA(t, owner.user_id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** The users a list may be opened by; each list is called by every one its policy lets in. */
function callers(): [string, Actor][] {
  return [
    ['platform admin', platformAdmin(a.adminId)],
    ['tenant admin', tenantAdmin(a.adminId, a.tenantId)],
    ['teacher of the tenant', teacher(a.adminId, a.tenantId)],
    ['learner of the tenant', member(a.memberId, a.tenantId)],
    ['learner on the platform', member(a.memberId, null)],
  ];
}

/** The route's policy back from its description in the route table (see describePolicy). */
function policyOf(described: string): Policy {
  if (described.startsWith('privilege:')) return { privilege: described.slice('privilege:'.length) };
  if (described.startsWith('anyOf(')) {
    return { anyOf: described.slice('anyOf('.length, -1).split(',').map(policyOf) };
  }
  return described as Policy;
}

describe('every list and search endpoint with only its defaults', () => {
  it('answers 200 (or the declared 4xx where a parameter is required), never 5xx, for every caller it admits', async () => {
    const lists = t.app.routePolicies.filter(
      (route) =>
        route.method === 'GET' &&
        !route.url.includes(':') &&
        LIST_NAME.test(route.url.split('/').pop() ?? ''),
    );
    // The walk must reach the learning catalogue and the generic lists, or it proves nothing.
    expect(lists.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/program/programs/searchPrograms',
        '/api/program/programs/getAll',
        '/operations/user/roles/getRole',
      ]),
    );
    const problems: string[] = [];
    let calls = 0;
    for (const route of lists) {
      const required = NEEDS_PARAMETER[route.url]?.parameter;
      for (const [who, actor] of callers()) {
        if (!allows(policyOf(route.policy), actor)) continue;
        t.actAs(actor);
        const answer = await t.app.inject({ method: 'GET', url: route.url });
        calls += 1;
        const named = required && answer.statusCode === 400 && answer.json().details?.[0]?.path === required;
        if (required ? !named : answer.statusCode !== 200) {
          problems.push(`${route.url} as ${who}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(lists.length);
  }, 120_000);
});
