import { z } from 'zod';

export { COMMENTS_API, CONNECTIONS_API, FEED_API, FOLLOWS_API, POSTS_API } from '../api-paths';

import { pathId } from '../path-params';
import { stripMarkup } from './messaging';

export { NETWORK_TAGS } from '../area-paths';

/**
 * The network and posts (issue 18 points 4 and 5; docs/network.md): connection requests, follows,
 * people one may know, people search, posts with drafts and schedules, comments, reactions, the home
 * feed and post search. Lists page by an opaque cursor (`meta.next_cursor`, null on the last page).
 */

export const NETWORK_LIMITS = {
  pageDefault: 20,
  pageMax: 100,
  searchMax: 200,
  titleMax: 200,
  bodyMax: 20_000,
  commentMax: 2000,
  messageMax: 300,
  imagesMax: 4,
  /** The communities one post may be shared to in one call (a post may be shared to more over time). */
  sharesMax: 10,
  /** A person may publish or comment this many times per window (kernel rate limit, per user). */
  postLimit: 10,
  commentLimit: 20,
  floodWindowSeconds: 60,
} as const;

export const NETWORK_MESSAGES = {
  userNotFound: 'User not found.',
  connectSelf: 'You cannot connect with yourself.',
  followSelf: 'You cannot follow yourself.',
  blocked: 'You cannot connect with this person.',
  alreadyConnected: 'You are already connected with this person.',
  alreadyRequested: 'A connection request between you is already waiting for an answer.',
  requestNotFound: 'Connection request not found.',
  connectionNotFound: 'Connection not found.',
  notFollowing: 'You do not follow this person.',
  postNotFound: 'Post not found.',
  commentNotFound: 'Comment not found.',
  notYourComment: 'You can only delete your own comments or comments on your posts.',
  bodyEmpty: 'Write something first: the post is empty.',
  publishAtNeeded: 'Choose when to publish a scheduled post.',
  publishAtPast: 'The publish time must be in the future.',
  tenantNeeded: 'Switch to an organisation to share a post with its members only.',
  imageNotYours: 'Attach only images you uploaded yourself.',
  publishedCannotBeDraft: 'A published post cannot go back to being a draft.',
  tooManyPosts: 'You are posting too fast. Wait a minute and try again.',
  tooManyComments: 'You are commenting too fast. Wait a minute and try again.',
  notPublished: 'Only a published post can be commented on or reacted to.',
  badCursor: 'The page cursor is not valid; start again from the first page.',
  communityNeeded: 'Choose at least one community to share a post with its members only.',
  alreadyShared: 'The post is already shared to this community.',
  shareNotFound: 'The post is not shared to this community.',
  notYourShare: 'Only the author or a moderator of this community can remove the post from it.',
} as const;

/**
 * Who reads a published post besides the readers of the communities it is shared to: `community`
 * leaves only those (a post for a private community stays with its members).
 */
export const POST_VISIBILITIES = ['public', 'connections', 'tenant', 'community'] as const;
export type PostVisibility = (typeof POST_VISIBILITIES)[number];
export const POST_VISIBILITY_LABELS: Record<PostVisibility, string> = {
  public: 'Everyone on Nexus',
  connections: 'My connections',
  tenant: 'My organisation',
  community: 'Only the communities I share it to',
};
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const POST_REACTIONS = ['like', 'celebrate', 'support', 'insightful'] as const;
export type PostReaction = (typeof POST_REACTIONS)[number];
export const POST_REACTION_LABELS: Record<PostReaction, string> = {
  like: 'Like',
  celebrate: 'Celebrate',
  support: 'Support',
  insightful: 'Insightful',
};

const id = z.number().int().positive().max(2_147_483_647);
const limit = z.coerce.number().int().min(1).max(NETWORK_LIMITS.pageMax).default(NETWORK_LIMITS.pageDefault);
const queryId = z.coerce.number().int().positive().max(2_147_483_647);
const cursor = z.string().max(200).optional();
const search = z.string().trim().max(NETWORK_LIMITS.searchMax).default('');

const plain = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform(stripMarkup)
    .pipe(z.string().trim().max(max, `must be at most ${max} characters`));

export const networkIdParams = z.object({ id: pathId }).strict();
export const networkUserParams = z.object({ userId: pathId }).strict();

/* ---------- people and connections ---------- */

export const networkPerson = z.object({
  user_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_image: z.string().nullable(),
  headline: z.string().nullable(),
});
export type NetworkPerson = z.infer<typeof networkPerson>;

export const CONNECTION_STATES = ['none', 'connected', 'sent', 'received'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** A person as a network page shows them: who they are and where the caller stands with them. */
export const networkPersonCard = networkPerson.extend({
  /** Organisations (tenant names) the person holds a role in. */
  organisations: z.array(z.string()),
  connection: z.enum(CONNECTION_STATES),
  /** The request or connection, when there is one. */
  connection_id: z.number().int().nullable(),
  following: z.boolean(),
  /** Why they are suggested (people you may know), e.g. "3 mutual connections". */
  reason: z.string().nullable(),
});
export type NetworkPersonCard = z.infer<typeof networkPersonCard>;

export const connectionItem = z.object({
  connection_id: z.number().int(),
  /** The other person. */
  person: networkPerson,
  status: z.enum(['pending', 'accepted']),
  /** For a pending request: whether the caller sent or received it. */
  direction: z.enum(['sent', 'received']),
  message: z.string().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type ConnectionItem = z.infer<typeof connectionItem>;

const cursorMeta = z.object({ limit: z.number().int(), next_cursor: z.string().nullable() });
function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: cursorMeta });
}

export const connectionList = pageOf(connectionItem);
export const personCardList = pageOf(networkPersonCard);

export const connectionListQuery = z.object({ search, cursor, limit }).strict();
export const connectionRequestsQuery = z
  .object({ direction: z.enum(['received', 'sent']).default('received'), cursor, limit })
  .strict();
export const peopleSearchQuery = z.object({ search, cursor, limit }).strict();
export const suggestionsQuery = z.object({ limit: limit.pipe(z.number().max(50)) }).strict();

export const createConnectionBody = z
  .object({ user_id: id, message: plain(NETWORK_LIMITS.messageMax).optional() })
  .strict();
export type CreateConnectionBody = z.input<typeof createConnectionBody>;
export const createFollowBody = z.object({ user_id: id }).strict();

export const connectionSummary = z.object({
  connections: z.number().int(),
  received: z.number().int(),
  sent: z.number().int(),
  following: z.number().int(),
  followers: z.number().int(),
});
export type ConnectionSummary = z.infer<typeof connectionSummary>;

/* ---------- posts ---------- */

export const postImage = z.object({ file_id: z.string(), url: z.string() });
/** A community a post is shared to (only those the caller may read are listed). */
export const postCommunity = z.object({ community_id: z.number().int(), name: z.string() });
export type PostCommunity = z.infer<typeof postCommunity>;

export const postItem = z.object({
  post_id: z.number().int(),
  author: networkPerson,
  title: z.string().nullable(),
  /** Sanitised HTML. */
  body: z.string(),
  /** The first words of the body as text, for cards. */
  excerpt: z.string(),
  visibility: z.enum(POST_VISIBILITIES),
  status: z.enum(POST_STATUSES),
  publish_at: z.string().nullable(),
  published_at: z.string().nullable(),
  images: z.array(postImage),
  communities: z.array(postCommunity),
  comment_count: z.number().int(),
  reaction_count: z.number().int(),
  /** Reactions by kind. */
  reactions: z.record(z.string(), z.number().int()),
  my_reaction: z.enum(POST_REACTIONS).nullable(),
  created_at: z.string(),
  modified_at: z.string(),
  /** True when the caller wrote it (may edit and delete). */
  mine: z.boolean(),
});
export type PostItem = z.infer<typeof postItem>;
export const postList = pageOf(postItem);

export const postBodyHtml = z
  .string()
  .max(NETWORK_LIMITS.bodyMax * 2, `must be at most ${NETWORK_LIMITS.bodyMax} characters`);

const postFields = {
  title: plain(NETWORK_LIMITS.titleMax).nullable().optional(),
  body: postBodyHtml,
  visibility: z.enum(POST_VISIBILITIES),
  status: z.enum(POST_STATUSES),
  publish_at: z.iso.datetime({ offset: true }).nullable().optional(),
  image_ids: z
    .array(z.uuid('must be a file id (a UUID)'))
    .max(NETWORK_LIMITS.imagesMax)
    .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an image'),
};

const communityIds = z
  .array(id)
  .min(1, 'must name at least one community')
  .max(NETWORK_LIMITS.sharesMax)
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a community');

export const createPostBody = z
  .object({
    ...postFields,
    visibility: postFields.visibility.default('public'),
    status: postFields.status.default('draft'),
    image_ids: postFields.image_ids.default([]),
    /** Communities to share it to (the author an active member of each). */
    community_ids: communityIds.optional(),
  })
  .strict();
export type CreatePostBody = z.input<typeof createPostBody>;
export const updatePostBody = z
  .object({
    title: postFields.title,
    body: postFields.body.optional(),
    visibility: postFields.visibility.optional(),
    status: postFields.status.optional(),
    publish_at: postFields.publish_at,
    image_ids: postFields.image_ids.optional(),
  })
  .strict();
export type UpdatePostBody = z.input<typeof updatePostBody>;

export const myPostsQuery = z.object({ status: z.enum(POST_STATUSES).optional(), cursor, limit }).strict();
export const feedQuery = z.object({ cursor, limit }).strict();
export const postSearchQuery = z.object({ search, cursor, limit }).strict();

export const sharePostBody = z.object({ community_ids: communityIds }).strict();
export type SharePostBody = z.input<typeof sharePostBody>;
export const unsharePostBody = z.object({ community_id: id }).strict();
export const communityPostsQuery = z.object({ community_id: queryId, cursor, limit }).strict();

export const reactToPostBody = z.object({ reaction: z.enum(POST_REACTIONS).nullable() }).strict();

/* ---------- comments ---------- */

export const commentItem = z.object({
  comment_id: z.number().int(),
  post_id: z.number().int(),
  author: networkPerson,
  body: z.string(),
  created_at: z.string(),
  /** The caller may delete it (theirs, or on their post). */
  deletable: z.boolean(),
});
export type CommentItem = z.infer<typeof commentItem>;
export const commentList = pageOf(commentItem);
export const commentListQuery = z.object({ post_id: queryId, cursor, limit }).strict();
export const createCommentBody = z
  .object({
    post_id: id,
    body: plain(NETWORK_LIMITS.commentMax).pipe(z.string().min(1, 'must not be empty')),
  })
  .strict();
export type CreateCommentBody = z.input<typeof createCommentBody>;

export const networkNotice = z.object({ message: z.string() });
