import {
  COMMENTS_API,
  CONNECTIONS_API,
  commentItem,
  commentList,
  commentListQuery,
  connectionItem,
  connectionList,
  connectionListQuery,
  connectionRequestsQuery,
  connectionSummary,
  createCommentBody,
  createConnectionBody,
  createFollowBody,
  createPostBody,
  dataEnvelope,
  errorBody,
  FEED_API,
  FOLLOWS_API,
  feedQuery,
  myPostsQuery,
  NETWORK_LIMITS,
  NETWORK_MESSAGES,
  NETWORK_TAGS,
  networkIdParams,
  networkNotice,
  networkPersonCard,
  networkUserParams,
  POSTS_API,
  peopleSearchQuery,
  personCardList,
  postItem,
  postList,
  postSearchQuery,
  reactToPostBody,
  suggestionsQuery,
  updatePostBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound, unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { RateLimits } from '../../kernel/rate-limit';
import { registerCommunityPostRoutes } from './community-post-routes';
import {
  acceptRequest,
  dropConnection,
  follow,
  listConnections,
  listFollowing,
  listRequests,
  sendRequest,
  summary,
  unfollow,
} from './connections';
import { feed } from './feed';
import { personCard, searchPeople, suggestPeople } from './people';
import { createComment, deleteComment, listComments } from './post-comments';
import { reactToPost } from './post-reactions';
import {
  createPost,
  deletePost,
  getPost,
  myPosts,
  publishAllDue,
  publishDue,
  searchPosts,
  updatePost,
} from './posts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * The network and posts under /api/community (issue 18 points 4 and 5; docs/network.md). Every route
 * needs a session; what one may see is decided per person (another's request, draft or hidden post is
 * a 404), never by a tenant.
 */
export function registerNetworkRoutes(
  app: FastifyInstance,
  database: Database,
  rateLimits: RateLimits,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const config = { policy: 'signedIn' } as const;
  const tags = ['network'];
  const C = CONNECTIONS_API;
  const F = FOLLOWS_API;
  const P = POSTS_API;
  const K = COMMENTS_API;

  const emit = (userIds: number[], type: string, ids: number[], tagList: string[]) =>
    app.realtime.toUsers([...new Set(userIds)]).emit({ type, ids, tags: tagList });
  registerCommunityPostRoutes(app, database, emit);
  const connectionTags = [NETWORK_TAGS.connection, NETWORK_TAGS.feed];

  app.jobs.register('posts.publish', async ({ post_id }) => {
    const published = await publishDue(db, post_id);
    if (published)
      emit([published.author_id], 'post.published', [post_id], [NETWORK_TAGS.post, NETWORK_TAGS.feed]);
  });

  app.jobs.register('posts.publish-due', async () => {
    for (const published of await publishAllDue(db))
      emit(
        [published.author_id],
        'post.published',
        [published.post_id],
        [NETWORK_TAGS.post, NETWORK_TAGS.feed],
      );
  });

  /* ---------- people and connections ---------- */

  typed.get(
    `${C}/getConnections`,
    {
      config,
      schema: {
        tags,
        summary: 'My connections, newest first',
        querystring: connectionListQuery,
        response: { 200: connectionList, ...errors },
      },
    },
    async (request) => listConnections(db, actorOf(request).userId, request.query),
  );

  typed.get(
    `${C}/getConnectionRequests`,
    {
      config,
      schema: {
        tags,
        summary: 'Pending requests received (default) or sent',
        querystring: connectionRequestsQuery,
        response: { 200: connectionList, ...errors },
      },
    },
    async (request) => listRequests(db, actorOf(request).userId, request.query),
  );

  typed.get(
    `${C}/getSummary`,
    {
      config,
      schema: {
        tags,
        summary: 'Counts of connections, requests and follows',
        response: { 200: dataEnvelope(connectionSummary), ...errors },
      },
    },
    async (request) => ({ data: await summary(db, actorOf(request).userId) }),
  );

  typed.get(
    `${C}/getSuggestions`,
    {
      config,
      schema: {
        tags,
        summary: 'People you may know',
        querystring: suggestionsQuery,
        response: { 200: personCardList, ...errors },
      },
    },
    async (request) => suggestPeople(db, actorOf(request), request.query),
  );

  typed.get(
    `${C}/searchPeople`,
    {
      config,
      schema: {
        tags,
        summary: 'Search people by name, role, organisation and interests',
        querystring: peopleSearchQuery,
        response: { 200: personCardList, ...errors },
      },
    },
    async (request) => searchPeople(db, actorOf(request), request.query),
  );

  typed.get(
    `${C}/getPerson/:userId`,
    {
      config,
      schema: {
        tags,
        summary: 'One person and where the caller stands with them',
        params: networkUserParams,
        response: { 200: dataEnvelope(networkPersonCard), ...errors },
      },
    },
    async (request) => {
      const card = await personCard(db, actorOf(request), request.params.userId);
      if (!card) throw notFound(NETWORK_MESSAGES.userNotFound);
      return { data: card };
    },
  );

  typed.post(
    `${C}/createConnection`,
    {
      config,
      schema: {
        tags,
        summary: 'Send a connection request (accepts theirs if they asked first)',
        body: createConnectionBody,
        response: { 201: dataEnvelope(connectionItem), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await rateLimits.hit(`connections:${actor.userId}`, 30, 60, NETWORK_MESSAGES.tooManyPosts);
      const { item, userIds } = await sendRequest(db, actor, request.body);
      emit(userIds, 'connection.changed', [item.connection_id], connectionTags);
      return reply.status(201).send({ data: item });
    },
  );

  typed.post(
    `${C}/acceptConnection/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Accept a request I received',
        params: networkIdParams,
        response: { 200: dataEnvelope(connectionItem), ...errors },
      },
    },
    async (request) => {
      const { item, userIds } = await acceptRequest(db, actorOf(request).userId, request.params.id);
      emit(userIds, 'connection.changed', [item.connection_id], connectionTags);
      return { data: item };
    },
  );

  for (const [verb, kind, what] of [
    ['declineConnection', 'decline', 'Decline a request I received'],
    ['withdrawConnection', 'withdraw', 'Withdraw a request I sent'],
    ['deleteConnection', 'remove', 'Remove a connection'],
  ] as const) {
    typed.post(
      `${C}/${verb}/:id`,
      {
        config,
        schema: { tags, summary: what, params: networkIdParams, response: { 200: networkNotice, ...errors } },
      },
      async (request) => {
        const userIds = await dropConnection(db, actorOf(request).userId, request.params.id, kind);
        emit(userIds, 'connection.changed', [request.params.id], connectionTags);
        return { message: 'Done.' };
      },
    );
  }

  /* ---------- follows ---------- */

  typed.get(
    `${F}/getFollowing`,
    {
      config,
      schema: {
        tags,
        summary: 'People I follow',
        querystring: feedQuery,
        response: {
          200: z.object({
            data: z.array(
              networkPersonCard.pick({
                user_id: true,
                name: true,
                username: true,
                profile_image: true,
                headline: true,
              }),
            ),
            meta: connectionList.shape.meta,
          }),
          ...errors,
        },
      },
    },
    async (request) => listFollowing(db, actorOf(request).userId, request.query),
  );

  typed.post(
    `${F}/createFollow`,
    {
      config,
      schema: {
        tags,
        summary: 'Follow a person without connecting',
        body: createFollowBody,
        response: { 201: dataEnvelope(networkPersonCard), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const card = await follow(db, actor, request.body.user_id);
      emit(
        [actor.userId],
        'follow.changed',
        [card.user_id],
        [NETWORK_TAGS.follow, NETWORK_TAGS.feed, NETWORK_TAGS.connection],
      );
      return reply.status(201).send({ data: card });
    },
  );

  typed.delete(
    `${F}/deleteFollow/:userId`,
    {
      config,
      schema: {
        tags,
        summary: 'Stop following a person',
        params: networkUserParams,
        response: { 200: networkNotice, ...errors },
      },
    },
    async (request) => {
      const me = actorOf(request).userId;
      await unfollow(db, me, request.params.userId);
      emit(
        [me],
        'follow.changed',
        [request.params.userId],
        [NETWORK_TAGS.follow, NETWORK_TAGS.feed, NETWORK_TAGS.connection],
      );
      return { message: 'Done.' };
    },
  );

  /* ---------- posts ---------- */

  const postTags = [NETWORK_TAGS.post, NETWORK_TAGS.feed];

  typed.get(
    `${P}/getPosts`,
    {
      config,
      schema: {
        tags,
        summary: 'My posts: drafts, scheduled and published',
        querystring: myPostsQuery,
        response: { 200: postList, ...errors },
      },
    },
    async (request) => myPosts(db, actorOf(request).userId, request.query),
  );

  typed.get(
    `${P}/searchPosts`,
    {
      config,
      schema: {
        tags,
        summary: 'Full-text search over the posts I may read (no words: the newest)',
        querystring: postSearchQuery,
        response: { 200: postList, ...errors },
      },
    },
    async (request) => searchPosts(db, actorOf(request).userId, request.query),
  );

  typed.get(
    `${P}/getPost/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One post I may read',
        params: networkIdParams,
        response: { 200: dataEnvelope(postItem), ...errors },
      },
    },
    async (request) => ({ data: await getPost(db, actorOf(request).userId, request.params.id) }),
  );

  typed.post(
    `${P}/createPost`,
    {
      config,
      schema: {
        tags,
        summary: 'Write a post: a draft, scheduled, or published now',
        body: createPostBody,
        response: { 201: dataEnvelope(postItem), ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      await rateLimits.hit(
        `posts:${actor.userId}`,
        NETWORK_LIMITS.postLimit,
        NETWORK_LIMITS.floodWindowSeconds,
        NETWORK_MESSAGES.tooManyPosts,
      );
      const item = await createPost(database, app.jobs, actor, request.body);
      emit([actor.userId], 'post.changed', [item.post_id], postTags);
      return reply.status(201).send({ data: item });
    },
  );

  typed.put(
    `${P}/updatePost/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit my post (publish or schedule a draft)',
        params: networkIdParams,
        body: updatePostBody,
        response: { 200: dataEnvelope(postItem), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await rateLimits.hit(
        `posts-edit:${actor.userId}`,
        NETWORK_LIMITS.postLimit * 6,
        NETWORK_LIMITS.floodWindowSeconds,
        NETWORK_MESSAGES.tooManyPosts,
      );
      const item = await updatePost(database, app.jobs, actor, request.params.id, request.body);
      emit([actor.userId], 'post.changed', [item.post_id], postTags);
      return { data: item };
    },
  );

  typed.delete(
    `${P}/deletePost/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete my post',
        params: networkIdParams,
        response: { 200: networkNotice, ...errors },
      },
    },
    async (request) => {
      const me = actorOf(request).userId;
      await deletePost(db, me, request.params.id);
      emit([me], 'post.changed', [request.params.id], postTags);
      return { message: 'Post deleted.' };
    },
  );

  typed.post(
    `${P}/reactToPost/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'React to a post (null clears my reaction)',
        params: networkIdParams,
        body: reactToPostBody,
        response: { 200: dataEnvelope(postItem), ...errors },
      },
    },
    async (request) => {
      const me = actorOf(request).userId;
      const { item, authorId } = await reactToPost(db, me, request.params.id, request.body.reaction);
      emit([me, authorId], 'post.changed', [item.post_id], postTags);
      return { data: item };
    },
  );

  /* ---------- comments and the feed ---------- */

  typed.get(
    `${K}/getComments`,
    {
      config,
      schema: {
        tags,
        summary: 'Comments of a post I may read, oldest first',
        querystring: commentListQuery,
        response: { 200: commentList, ...errors },
      },
    },
    async (request) => listComments(db, actorOf(request).userId, request.query),
  );

  typed.post(
    `${K}/createComment`,
    {
      config,
      schema: {
        tags,
        summary: 'Comment on a published post I may read',
        body: createCommentBody,
        response: { 201: dataEnvelope(commentItem), ...errors },
      },
    },
    async (request, reply) => {
      const me = actorOf(request).userId;
      await rateLimits.hit(
        `comments:${me}`,
        NETWORK_LIMITS.commentLimit,
        NETWORK_LIMITS.floodWindowSeconds,
        NETWORK_MESSAGES.tooManyComments,
      );
      const { item, authorId } = await createComment(db, me, request.body);
      emit(
        [me, authorId],
        'comment.changed',
        [item.post_id, item.comment_id],
        [NETWORK_TAGS.comment, ...postTags],
      );
      return reply.status(201).send({ data: item });
    },
  );

  typed.delete(
    `${K}/deleteComment/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Delete my comment, or one on my post',
        params: networkIdParams,
        response: { 200: networkNotice, ...errors },
      },
    },
    async (request) => {
      const me = actorOf(request).userId;
      const postId = await deleteComment(db, me, request.params.id);
      emit([me], 'comment.changed', [postId, request.params.id], [NETWORK_TAGS.comment, ...postTags]);
      return { message: 'Comment deleted.' };
    },
  );

  typed.get(
    `${FEED_API}/getFeed`,
    {
      config,
      schema: {
        tags,
        summary: 'Home feed: posts of people I follow or am connected to and of my communities, newest first',
        querystring: feedQuery,
        response: { 200: postList, ...errors },
      },
    },
    async (request) => feed(db, actorOf(request).userId, request.query),
  );
}
