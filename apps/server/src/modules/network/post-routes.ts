import {
  createPostBody,
  dataEnvelope,
  myPostsQuery,
  NETWORK_LIMITS,
  NETWORK_MESSAGES,
  NETWORK_TAGS,
  networkIdParams,
  networkNotice,
  POSTS_API,
  postItem,
  postList,
  postSearchQuery,
  reactToPostBody,
  updatePostBody,
} from '@nexus/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { actorOf, config, errors, type NetworkRouteContext, tags } from './route-kit';

/**
 * A person's own posts (issue 18 point 4; docs/network.md): drafts, scheduling, editing, reactions,
 * and the jobs that publish a scheduled post. Posts shared to communities are in
 * community-post-routes.ts, comments in comment-routes.ts.
 */

/** The publish jobs tell the author's sockets when a scheduled post goes out. */
export function registerPostPublishJobs({ app, database, emit }: NetworkRouteContext): void {
  const { db } = database;

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
}

export function registerPostRoutes({ app, database, rateLimits, emit }: NetworkRouteContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const P = POSTS_API;

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
}
