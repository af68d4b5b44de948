import { z } from 'zod';
import { LIST_DEFAULTS } from './constants';
import { listMeta } from './list-query';

export {
  COMMUNITIES_API,
  COMMUNITY_API,
  COMMUNITY_GROUPS_API,
  COMMUNITY_MEMBERS_API,
  FORUM_REACTIONS_API,
  FORUM_REPLIES_API,
  FORUM_REPORTS_API,
  FORUM_TOPICS_API,
} from './area-paths';

/**
 * Communities, groups and forums (issue 18 points 1, 2, 3 and 6; docs/community.md). Everything lives
 * under /api/community/{communities,members,groups,topics,replies,reactions,reports}/ with the
 * generic verbs (getX, getX/{id}, createX, updateX/{id}) and a few named actions (join, leave, follow,
 * moderate). Posts, connections and the feed are the network area's.
 */

/** RTK Query tags the web feature invalidates. */
export const COMMUNITY_TAGS = [
  'Community',
  'CommunityMember',
  'CommunityGroup',
  'ForumTopic',
  'ForumPost',
] as const;

/**
 * Live topic pages: the socket room `forum-topic:<topic id>` (readers of the topic only); replies,
 * edits, reactions and moderation emit `forum.topic.changed` there with these tags.
 */
export const FORUM_REALTIME = {
  room: 'forum-topic',
  changed: 'forum.topic.changed',
  tags: ['ForumPost', 'ForumTopic'],
} as const;

export const COMMUNITY_VISIBILITIES = ['public', 'private'] as const;
export type CommunityVisibility = (typeof COMMUNITY_VISIBILITIES)[number];
export const COMMUNITY_ROLES = ['owner', 'moderator', 'member'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];
export const MEMBER_STATUSES = ['active', 'pending', 'banned'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const FORUM_POST_STATUSES = ['visible', 'hidden', 'removed'] as const;
export type ForumPostStatus = (typeof FORUM_POST_STATUSES)[number];
/** `discover`: every community the caller may see listed; `mine`: the ones the caller belongs to. */
export const COMMUNITY_VIEWS = ['discover', 'mine'] as const;
export const MEMBER_ACTIONS = [
  'approve',
  'decline',
  'ban',
  'unban',
  'make_moderator',
  'make_member',
  'remove',
] as const;
export type MemberAction = (typeof MEMBER_ACTIONS)[number];
export const MODERATION_ACTIONS = ['remove', 'restore'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const REACTION_EMOJIS = ['👍', '❤️', '🎉', '😄', '🤔', '👀'] as const;

export const COMMUNITY_LIMITS = {
  nameMax: 120,
  descriptionMax: 4000,
  titleMax: 200,
  bodyMax: 50_000,
  reasonMax: 500,
  /** Three reports from three different people hide a post until a moderator decides. */
  reportsToHide: 3,
  /** Topics and replies one person may post per window. */
  postLimit: 20,
  postWindowSeconds: 60,
} as const;

export const COMMUNITY_MESSAGES = {
  notFound: 'Community not found.',
  groupNotFound: 'Group not found.',
  topicNotFound: 'Topic not found.',
  postNotFound: 'Post not found.',
  memberNotFound: 'This person is not a member of the community.',
  nameEmpty: 'Give the community a name.',
  coverNotFound: 'The cover image was not found among your files.',
  groupNameEmpty: 'Give the group a name.',
  titleEmpty: 'Give the topic a title.',
  bodyEmpty: 'Write something first.',
  reasonEmpty: 'Say why you report this post.',
  notMember: 'Join the community to take part.',
  banned: 'You are banned from this community.',
  locked: 'This topic is locked: no new replies.',
  moderatorsOnly: 'Only the moderators of this community may do this.',
  ownerOnly: 'Only the owner of this community may do this.',
  authorOnly: 'Only the author may edit this.',
  ownerStays: 'The owner cannot be banned, removed or demoted.',
  alreadyMember: 'You are already a member.',
  requested: 'Your request to join was sent to the moderators.',
  joined: 'Welcome to the community.',
  ownReport: 'You cannot report your own post.',
  alreadyReported: 'You have already reported this post.',
  parentElsewhere: 'You can only reply to a post of the same topic.',
  acceptedElsewhere: 'The accepted answer must be a reply of this topic.',
  otherTenant: 'You can create communities only in your own organisation.',
  tooFast: 'You are posting too fast. Wait a minute and try again.',
  groupMembersOnly: 'Join the group to take part in its forum.',
  badCursor: 'The page cursor is not valid; start again from the first page.',
  pageOrCursor: 'Ask for a page or continue from a cursor, not both.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const idParam = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(1_000_000).default(LIST_DEFAULTS.page);
const limit = z.coerce.number().int().min(1).max(100).default(LIST_DEFAULTS.limit);
const search = z.string().trim().max(200).optional();

const name = z
  .string()
  .trim()
  .min(1, COMMUNITY_MESSAGES.nameEmpty)
  .max(COMMUNITY_LIMITS.nameMax, `At most ${COMMUNITY_LIMITS.nameMax} characters.`);
const description = z
  .string()
  .max(COMMUNITY_LIMITS.descriptionMax, `At most ${COMMUNITY_LIMITS.descriptionMax} characters.`);
const body = z
  .string()
  .min(1, COMMUNITY_MESSAGES.bodyEmpty)
  .max(COMMUNITY_LIMITS.bodyMax, `At most ${COMMUNITY_LIMITS.bodyMax} characters.`);
const title = z
  .string()
  .trim()
  .min(1, COMMUNITY_MESSAGES.titleEmpty)
  .max(COMMUNITY_LIMITS.titleMax, `At most ${COMMUNITY_LIMITS.titleMax} characters.`);

/** A community as the caller may see it: a private one's non-members get its name alone. */
export const communityItem = z.object({
  community_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  /** `platform` or `tenant` (spec section 3, community_type). */
  community_type: z.enum(['platform', 'tenant']),
  name: z.string(),
  visibility: z.enum(COMMUNITY_VISIBILITIES),
  description: z.string().nullable(),
  cover_file_id: z.string().nullable(),
  owner_user_id: z.number().int().nullable(),
  activity_forum_id: z.number().int().nullable(),
  member_count: z.number().int().nullable(),
  /** The caller's own membership, if any. */
  my_role: z.enum(COMMUNITY_ROLES).nullable(),
  my_status: z.enum(MEMBER_STATUSES).nullable(),
  created_at: z.string(),
  /**
   * Single reads: whether the caller moderates it (owner, moderators, its tenant's admins, platform
   * admins), so the client offers e.g. taking another person's shared post out only to them.
   */
  can_moderate: z.boolean().optional(),
});
export type CommunityItem = z.infer<typeof communityItem>;

export const communityCreate = z
  .object({
    name,
    description: description.default(''),
    visibility: z.enum(COMMUNITY_VISIBILITIES).default('public'),
    cover_file_id: z.uuid('must be a file id').nullable().optional(),
    /** Absent: the caller's current context (a tenant, or the platform on the main site). */
    tenant_id: id.nullable().optional(),
  })
  .strict();
export type CommunityCreate = z.input<typeof communityCreate>;
export const communityUpdate = z
  .object({
    name: name.optional(),
    description: description.optional(),
    visibility: z.enum(COMMUNITY_VISIBILITIES).optional(),
    cover_file_id: z.uuid('must be a file id').nullable().optional(),
  })
  .strict();
export type CommunityUpdate = z.input<typeof communityUpdate>;

export const communityListQuery = z
  .object({ page, limit, search, view: z.enum(COMMUNITY_VIEWS).default('discover') })
  .strict();
export type CommunityListQuery = z.input<typeof communityListQuery>;

export const joinResult = z.object({ status: z.enum(MEMBER_STATUSES), message: z.string() });

export const communityMember = z.object({
  community_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
  role: z.enum(COMMUNITY_ROLES),
  status: z.enum(MEMBER_STATUSES),
  requested_at: z.string(),
  joined_at: z.string().nullable(),
});
export type CommunityMember = z.infer<typeof communityMember>;

/** Without community_id: the members of the caller's communities (their first one). */
export const memberListQuery = z
  .object({
    page,
    limit,
    search,
    community_id: idParam.optional(),
    status: z.enum(MEMBER_STATUSES).optional(),
  })
  .strict();
export type MemberListQuery = z.input<typeof memberListQuery>;

export const memberDecision = z
  .object({ community_id: id, user_id: id, action: z.enum(MEMBER_ACTIONS) })
  .strict();
export type MemberDecision = z.input<typeof memberDecision>;

export const groupItem = z.object({
  group_id: z.number().int(),
  community_id: z.number().int(),
  community_name: z.string(),
  name: z.string(),
  description: z.string(),
  forum_id: z.number().int().nullable(),
  owner_user_id: z.number().int(),
  member_count: z.number().int(),
  is_member: z.boolean(),
  created_at: z.string(),
});
export type GroupItem = z.infer<typeof groupItem>;
export const groupCreate = z
  .object({ community_id: id, name: name.pipe(z.string()), description: description.default('') })
  .strict();
export type GroupCreate = z.input<typeof groupCreate>;
export const groupUpdate = z.object({ name: name.optional(), description: description.optional() }).strict();
/** Without community_id: the groups of every community the caller may read; `mine`: groups joined. */
export const groupListQuery = z
  .object({
    page,
    limit,
    search,
    community_id: idParam.optional(),
    mine: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type GroupListQuery = z.input<typeof groupListQuery>;

export const personRef = z.object({
  user_id: z.number().int(),
  username: z.string(),
  display_name: z.string(),
});

export const topicItem = z.object({
  topic_id: z.number().int(),
  forum_id: z.number().int(),
  community_id: z.number().int(),
  group_id: z.number().int().nullable(),
  title: z.string(),
  author: personRef,
  opening_post_id: z.number().int().nullable(),
  pinned: z.boolean(),
  locked: z.boolean(),
  accepted_post_id: z.number().int().nullable(),
  reply_count: z.number().int(),
  last_activity_at: z.string(),
  created_at: z.string(),
  /** Single reads: whether the caller follows it and may moderate it. */
  following: z.boolean().optional(),
  can_moderate: z.boolean().optional(),
});
export type TopicItem = z.infer<typeof topicItem>;

/** Topics of one forum (or a community's own), newest activity first, pinned on top; `search`: full text. */
export const topicListQuery = z
  .object({
    page,
    limit,
    search,
    community_id: idParam.optional(),
    forum_id: idParam.optional(),
  })
  .strict();
export type TopicListQuery = z.input<typeof topicListQuery>;

export const topicCreate = z
  .object({
    /** The community's own forum by default; a group's forum by its id. */
    community_id: id.optional(),
    forum_id: id.optional(),
    title,
    body,
  })
  .strict()
  .refine((v) => v.community_id !== undefined || v.forum_id !== undefined, {
    message: 'Name the community or the forum.',
    path: ['community_id'],
  });
export type TopicCreate = z.input<typeof topicCreate>;

/** Authors edit title and opening text; moderators pin and lock; author or moderator accepts. */
export const topicUpdate = z
  .object({
    title: title.optional(),
    body: body.optional(),
    pinned: z.boolean().optional(),
    locked: z.boolean().optional(),
    accepted_post_id: id.nullable().optional(),
  })
  .strict();
export type TopicUpdate = z.input<typeof topicUpdate>;

export const reactionCount = z.object({ emoji: z.string(), count: z.number().int(), mine: z.boolean() });

export const forumPostItem = z.object({
  post_id: z.number().int(),
  topic_id: z.number().int(),
  author: personRef,
  parent_post_id: z.number().int().nullable(),
  quote_post_id: z.number().int().nullable(),
  /** Empty for a hidden or removed post, except for moderators. */
  body: z.string(),
  status: z.enum(FORUM_POST_STATUSES),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  reactions: z.array(reactionCount),
  /** Moderators only: open reports of this post. */
  report_count: z.number().int().optional(),
});
export type ForumPostItem = z.infer<typeof forumPostItem>;

/**
 * The next posts of a topic after the last one read: `<page>.<post_id>`, the page it opens and the
 * sort key (post_id) of the last post before it. A deep page costs what the first does.
 */
const replyCursor = z
  .string()
  .regex(/^[1-9][0-9]{0,6}\.[1-9][0-9]{0,9}$/, COMMUNITY_MESSAGES.badCursor)
  .optional();

/**
 * Every post of a topic, the opening post first, in order (threads by parent_post_id). `page` is the
 * generic list verb's (spec section 7, offset); `cursor` (a previous answer's `meta.next_cursor`)
 * continues from where that page ended and is what the web uses.
 */
export const replyListQuery = z
  .object({
    topic_id: idParam,
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    cursor: replyCursor,
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict()
  .refine((v) => v.page === undefined || v.cursor === undefined, {
    message: COMMUNITY_MESSAGES.pageOrCursor,
    path: ['cursor'],
  });
export type ReplyListQuery = z.input<typeof replyListQuery>;

/** The generic list fields, and the cursor of the page after this one (null on the last). */
export const replyListMeta = listMeta.extend({ next_cursor: z.string().nullable() });
export type ReplyListMeta = z.infer<typeof replyListMeta>;

export const replyCreate = z
  .object({
    topic_id: id,
    body,
    parent_post_id: id.nullable().optional(),
    quote_post_id: id.nullable().optional(),
  })
  .strict();
export type ReplyCreate = z.input<typeof replyCreate>;
export const replyUpdate = z.object({ body }).strict();

export const postEdit = z.object({
  edit_id: z.number().int(),
  post_id: z.number().int(),
  previous_title: z.string().nullable(),
  previous_body: z.string(),
  edited_by: z.number().int(),
  edited_at: z.string(),
});
export type PostEdit = z.infer<typeof postEdit>;

export const reactionToggle = z.object({ post_id: id, emoji: z.enum(REACTION_EMOJIS) }).strict();
export type ReactionToggle = z.input<typeof reactionToggle>;

export const reportCreate = z
  .object({
    post_id: id,
    reason: z
      .string()
      .trim()
      .min(1, COMMUNITY_MESSAGES.reasonEmpty)
      .max(COMMUNITY_LIMITS.reasonMax, `At most ${COMMUNITY_LIMITS.reasonMax} characters.`),
  })
  .strict();
export type ReportCreate = z.input<typeof reportCreate>;

/** The moderation queue: posts with open reports (or hidden), of the communities the caller moderates. */
export const reportItem = z.object({
  post_id: z.number().int(),
  topic_id: z.number().int(),
  topic_title: z.string(),
  community_id: z.number().int(),
  author: personRef,
  body: z.string(),
  status: z.enum(FORUM_POST_STATUSES),
  report_count: z.number().int(),
  reasons: z.array(z.string()),
  last_reported_at: z.string(),
});
export type ReportItem = z.infer<typeof reportItem>;
export const reportListQuery = z.object({ page, limit, community_id: idParam.optional() }).strict();
export type ReportListQuery = z.input<typeof reportListQuery>;

export const moderationDecision = z.object({ action: z.enum(MODERATION_ACTIONS) }).strict();

export const auditItem = z.object({
  audit_id: z.number().int(),
  community_id: z.number().int(),
  actor: personRef,
  action: z.string(),
  target_kind: z.string(),
  target_id: z.number().int(),
  detail: z.string(),
  created_at: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;
export const auditListQuery = z.object({ page, limit, community_id: idParam.optional() }).strict();
export type AuditListQuery = z.input<typeof auditListQuery>;

export const followState = z.object({ topic_id: z.number().int(), following: z.boolean() });
