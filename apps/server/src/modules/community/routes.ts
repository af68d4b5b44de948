import {
  auditItem,
  auditListQuery,
  COMMUNITIES_API,
  COMMUNITY_GROUPS_API,
  COMMUNITY_LIMITS,
  COMMUNITY_MEMBERS_API,
  COMMUNITY_MESSAGES,
  communityCreate,
  communityItem,
  communityListQuery,
  communityMember,
  communityUpdate,
  errorBody,
  FORUM_POST_STATUSES,
  FORUM_REACTIONS_API,
  FORUM_REPLIES_API,
  FORUM_REPORTS_API,
  FORUM_TOPICS_API,
  followState,
  forumPostItem,
  groupCreate,
  groupItem,
  groupListQuery,
  joinResult,
  listMeta,
  memberDecision,
  memberListQuery,
  moderationDecision,
  pathId,
  postEdit,
  reactionToggle,
  replyCreate,
  replyListMeta,
  replyListQuery,
  replyUpdate,
  reportCreate,
  reportItem,
  reportListQuery,
  topicCreate,
  topicItem,
  topicListQuery,
  topicUpdate,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { RateLimits } from '../../kernel/rate-limit';
import { listAudit } from './audit-log';
import { createCommunity, getCommunity, listCommunities, updateCommunity } from './communities';
import {
  createReply,
  createTopic,
  follow,
  getTopic,
  toggleReaction,
  updateReply,
  updateTopic,
} from './forum';
import { createGroup, getGroup, joinGroup, listGroups } from './groups';
import { topicChanged, topicOfPost } from './live';
import { decideMember, join, leave, listMembers } from './membership';
import { listEdits, listReports, moderatePost, report } from './moderation';
import { listReplies } from './replies';
import { listTopics } from './topic-list';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const idParams = z.object({ id: pathId });
const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMeta });
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });
const config = { policy: 'signedIn' } as const;

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Communities, groups and forums (issue 18): every route is for the signed-in; who may read or
 * moderate a community is decided per community (access.ts), a private one answering 404 to outsiders.
 */
export function registerCommunityRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimits: RateLimits,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['community'];
  const db = database.db;
  /** Topics and replies per person, across processes. */
  const throttle = (actor: Actor) =>
    rateLimits.hit(
      `community-posts:${actor.userId}`,
      COMMUNITY_LIMITS.postLimit,
      COMMUNITY_LIMITS.postWindowSeconds,
      COMMUNITY_MESSAGES.tooFast,
    );

  // Communities
  const C = COMMUNITIES_API;
  typed.get(
    `${C}/getCommunities`,
    {
      config,
      schema: {
        tags,
        summary:
          'Communities the caller may see (discover) or belongs to (mine); search: full text and names',
        querystring: communityListQuery,
        response: { 200: list(communityItem), ...errors },
      },
    },
    async (request) => listCommunities(database, actorOf(request), request.query),
  );
  typed.get(
    `${C}/getCommunity/:id`,
    { config, schema: { tags, params: idParams, response: { 200: one(communityItem), ...errors } } },
    async (request) => ({ data: await getCommunity(db, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${C}/createCommunity`,
    { config, schema: { tags, body: communityCreate, response: { 201: one(communityItem), ...errors } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createCommunity(database, actorOf(request), request.body) }),
  );
  typed.put(
    `${C}/updateCommunity/:id`,
    {
      config,
      schema: {
        tags,
        params: idParams,
        body: communityUpdate,
        response: { 200: one(communityItem), ...errors },
      },
    },
    async (request) => ({
      data: await updateCommunity(database, actorOf(request), request.params.id, request.body),
    }),
  );
  typed.post(
    `${C}/join/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Join a public community, or ask to join a private one',
        params: idParams,
        response: { 200: one(joinResult), ...errors },
      },
    },
    async (request) => ({ data: await join(database, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${C}/leave/:id`,
    {
      config,
      schema: { tags, params: idParams, response: { 200: one(z.object({ left: z.boolean() })), ...errors } },
    },
    async (request) => {
      await leave(database, actorOf(request), request.params.id);
      return { data: { left: true } };
    },
  );

  // Members
  const M = COMMUNITY_MEMBERS_API;
  typed.get(
    `${M}/getMembers`,
    {
      config,
      schema: {
        tags,
        summary: "Members of a community (the caller's first by default); pending and banned for moderators",
        querystring: memberListQuery,
        response: { 200: list(communityMember), ...errors },
      },
    },
    async (request) => listMembers(db, actorOf(request), request.query),
  );
  typed.post(
    `${M}/decide`,
    {
      config,
      schema: {
        tags,
        summary: 'Moderators: approve, decline, ban, unban, remove; the owner: make moderator or member',
        body: memberDecision,
        response: { 200: one(z.object({ done: z.boolean() })), ...errors },
      },
    },
    async (request) => {
      await decideMember(database, actorOf(request), request.body);
      return { data: { done: true } };
    },
  );
  typed.get(
    `${M}/getAuditLog`,
    {
      config,
      schema: {
        tags,
        summary: 'Moderators: every moderation action of a community, newest first',
        querystring: auditListQuery,
        response: { 200: list(auditItem), ...errors },
      },
    },
    async (request) => listAudit(db, actorOf(request), request.query),
  );

  // Groups
  const G = COMMUNITY_GROUPS_API;
  typed.get(
    `${G}/getGroups`,
    { config, schema: { tags, querystring: groupListQuery, response: { 200: list(groupItem), ...errors } } },
    async (request) => listGroups(db, actorOf(request), request.query),
  );
  typed.get(
    `${G}/getGroup/:id`,
    { config, schema: { tags, params: idParams, response: { 200: one(groupItem), ...errors } } },
    async (request) => ({ data: await getGroup(db, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${G}/createGroup`,
    { config, schema: { tags, body: groupCreate, response: { 201: one(groupItem), ...errors } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createGroup(database, actorOf(request), request.body) }),
  );
  for (const [verb, on] of [
    ['join', true],
    ['leave', false],
  ] as const) {
    typed.post(
      `${G}/${verb}/:id`,
      { config, schema: { tags, params: idParams, response: { 200: one(groupItem), ...errors } } },
      async (request) => ({ data: await joinGroup(database, actorOf(request), request.params.id, on) }),
    );
  }

  // Topics
  const T = FORUM_TOPICS_API;
  typed.get(
    `${T}/getTopics`,
    {
      config,
      schema: {
        tags,
        summary:
          "Topics of a forum (the community's own by default); search: full text over titles and posts",
        querystring: topicListQuery,
        response: { 200: list(topicItem), ...errors },
      },
    },
    async (request) => listTopics(database, actorOf(request), request.query),
  );
  typed.get(
    `${T}/getTopic/:id`,
    { config, schema: { tags, params: idParams, response: { 200: one(topicItem), ...errors } } },
    async (request) => ({ data: await getTopic(db, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${T}/createTopic`,
    { config, schema: { tags, body: topicCreate, response: { 201: one(topicItem), ...errors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await throttle(actor);
      return reply.status(201).send({ data: await createTopic(database, actor, request.body) });
    },
  );
  typed.put(
    `${T}/updateTopic/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Authors edit; moderators pin and lock; the author or a moderator accepts an answer',
        params: idParams,
        body: topicUpdate,
        response: { 200: one(topicItem), ...errors },
      },
    },
    async (request) => {
      const data = await updateTopic(database, actorOf(request), request.params.id, request.body);
      topicChanged(app, data.topic_id);
      return { data };
    },
  );
  for (const [verb, on] of [
    ['follow', true],
    ['unfollow', false],
  ] as const) {
    typed.post(
      `${T}/${verb}/:id`,
      { config, schema: { tags, params: idParams, response: { 200: one(followState), ...errors } } },
      async (request) => ({ data: await follow(database, actorOf(request), request.params.id, on) }),
    );
  }

  // Replies (every post of a topic, the opening one first)
  const R = FORUM_REPLIES_API;
  typed.get(
    `${R}/getReplies`,
    {
      config,
      schema: {
        tags,
        summary: 'Every post of a topic in order, a page at a time: by `cursor` (meta.next_cursor) or `page`',
        querystring: replyListQuery,
        response: { 200: z.object({ data: z.array(forumPostItem), meta: replyListMeta }), ...errors },
      },
    },
    async (request) => listReplies(database, actorOf(request), request.query),
  );
  typed.post(
    `${R}/createReply`,
    { config, schema: { tags, body: replyCreate, response: { 201: one(forumPostItem), ...errors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await throttle(actor);
      const data = await createReply(database, actor, request.body);
      topicChanged(app, data.topic_id, [data.post_id]);
      return reply.status(201).send({ data });
    },
  );
  typed.put(
    `${R}/updateReply/:id`,
    {
      config,
      schema: { tags, params: idParams, body: replyUpdate, response: { 200: one(forumPostItem), ...errors } },
    },
    async (request) => {
      const data = await updateReply(database, actorOf(request), request.params.id, request.body.body);
      topicChanged(app, data.topic_id, [data.post_id]);
      return { data };
    },
  );
  typed.get(
    `${R}/getEdits/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Moderators: the edit history of a post',
        params: idParams,
        response: { 200: one(z.array(postEdit)), ...errors },
      },
    },
    async (request) => ({ data: await listEdits(db, actorOf(request), request.params.id) }),
  );

  // Reactions
  typed.post(
    `${FORUM_REACTIONS_API}/toggleReaction`,
    {
      config,
      schema: {
        tags,
        body: reactionToggle,
        response: {
          200: one(z.object({ post_id: z.number().int(), emoji: z.string(), reacted: z.boolean() })),
          ...errors,
        },
      },
    },
    async (request) => {
      const data = await toggleReaction(database, actorOf(request), request.body);
      topicChanged(app, await topicOfPost(db, data.post_id), [data.post_id]);
      return { data };
    },
  );

  // Reports and moderation
  const P = FORUM_REPORTS_API;
  const postState = one(z.object({ post_id: z.number().int(), status: z.enum(FORUM_POST_STATUSES) }));
  typed.post(
    `${P}/createReport`,
    {
      config,
      schema: {
        tags,
        summary: 'Report a post; three people reporting it hide it until a moderator decides',
        body: reportCreate,
        response: { 201: postState, ...errors },
      },
    },
    async (request, reply) => {
      const data = await report(database, actorOf(request), request.body);
      // Only a report that hides the post changes what readers see.
      if (data.status === 'hidden') topicChanged(app, await topicOfPost(db, data.post_id), [data.post_id]);
      return reply.status(201).send({ data });
    },
  );
  typed.get(
    `${P}/getReports`,
    {
      config,
      schema: {
        tags,
        summary: "Moderators: the moderation queue of a community (the caller's first by default)",
        querystring: reportListQuery,
        response: { 200: list(reportItem), ...errors },
      },
    },
    async (request) => listReports(db, actorOf(request), request.query),
  );
  typed.post(
    `${P}/moderate/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Moderators: remove or restore a post (by post id); resolves its reports',
        params: idParams,
        body: moderationDecision,
        response: { 200: postState, ...errors },
      },
    },
    async (request) => {
      const data = await moderatePost(database, actorOf(request), request.params.id, request.body.action);
      topicChanged(app, await topicOfPost(db, data.post_id), [data.post_id]);
      return { data };
    },
  );
}
