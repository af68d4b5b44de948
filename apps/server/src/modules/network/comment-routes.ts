import {
  COMMENTS_API,
  commentItem,
  commentList,
  commentListQuery,
  createCommentBody,
  dataEnvelope,
  NETWORK_LIMITS,
  NETWORK_MESSAGES,
  NETWORK_TAGS,
  networkIdParams,
  networkNotice,
} from '@nexus/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createComment, deleteComment, listComments } from './post-comments';
import { actorOf, config, errors, type NetworkRouteContext, tags } from './route-kit';

/**
 * Comments on posts (issue 18 point 4): their own resource and rate limit; a change is told to the
 * commenter and the post's author, and refreshes the post as well as its comments.
 */
export function registerCommentRoutes({ app, database, rateLimits, emit }: NetworkRouteContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const K = COMMENTS_API;
  const postTags = [NETWORK_TAGS.post, NETWORK_TAGS.feed];

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
}
