import {
  communityPostsQuery,
  dataEnvelope,
  NETWORK_TAGS,
  networkIdParams,
  POSTS_API,
  postItem,
  postList,
  sharePostBody,
  unsharePostBody,
} from '@nexus/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listCommunityPosts, sharePost, unsharePost } from './community-posts';
import { actorOf, config, errors, type NetworkRouteContext, tags } from './route-kit';

/**
 * Posts shared to communities (issue 18 point 4; docs/network.md): the author shares and takes back,
 * a community's moderators take others' posts out, readers of a community list what was shared there. Signed in; the community's rules decide the rest
 * (a private community's posts are its members', 404 for anyone else).
 */
export function registerCommunityPostRoutes({ app, database, emit }: NetworkRouteContext): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const changed = [NETWORK_TAGS.post, NETWORK_TAGS.feed, NETWORK_TAGS.communityPosts];

  typed.get(
    `${POSTS_API}/getCommunityPosts`,
    {
      config,
      schema: {
        tags,
        summary: 'Published posts shared to a community I may read, newest first',
        querystring: communityPostsQuery,
        response: { 200: postList, ...errors },
      },
    },
    async (request) => listCommunityPosts(db, actorOf(request), request.query),
  );

  typed.post(
    `${POSTS_API}/sharePost/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Share my post to communities I am an active member of',
        params: networkIdParams,
        body: sharePostBody,
        response: { 200: dataEnvelope(postItem), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const item = await sharePost(db, actor, request.params.id, request.body.community_ids);
      emit([actor.userId], 'post.changed', [item.post_id], changed);
      return { data: item };
    },
  );

  typed.post(
    `${POSTS_API}/unsharePost/:id`,
    {
      config,
      schema: {
        tags,
        summary: "Take a post out of a community: my own, or anyone's in a community I moderate",
        params: networkIdParams,
        body: unsharePostBody,
        response: { 200: dataEnvelope(postItem), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { item, authorId } = await unsharePost(db, actor, request.params.id, request.body.community_id);
      emit([actor.userId, authorId], 'post.changed', [item.post_id], changed);
      return { data: item };
    },
  );
}
