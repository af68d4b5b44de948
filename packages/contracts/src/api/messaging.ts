import { z } from 'zod';

export { BLOCKS_API, CONVERSATIONS_API, MESSAGES_API, MESSAGING_API, PEOPLE_API } from '../api-paths';

import { pathId } from '../path-params';

/**
 * Conversations (issue 16 point 1): direct and group conversations between people who may reach
 * each other. Lists page by cursor (newest activity first; history backwards from `before`).
 */

export const MESSAGING_LIMITS = {
  bodyMax: 4000,
  titleMax: 120,
  groupMembersMax: 255,
  attachmentsMax: 5,
  pageDefault: 20,
  pageMax: 100,
  searchMax: 200,
  previewLength: 140,
  /** A sender may post this many messages per window (kernel rate limit, per user). */
  floodLimit: 20,
  floodWindowSeconds: 10,
} as const;

export const MESSAGING_MESSAGES = {
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  unreachable: 'You cannot send messages to this person: you share no organisation with them.',
  blocked: 'Messages cannot be sent in this conversation because one of you has blocked the other.',
  notOwnMessage: 'You can only change your own messages.',
  deletedMessage: 'This message was deleted',
  alreadyDeleted: 'This message has already been deleted.',
  directNeedsOne: 'A direct conversation is with exactly one other person.',
  selfConversation: 'Choose someone other than yourself.',
  leaveDirect: 'You cannot leave a direct conversation; block the person instead.',
  titleOnlyGroups: 'Only a group conversation has a title.',
  replyElsewhere: 'You can only reply to a message of the same conversation.',
  attachmentNotYours: 'Attach only files you uploaded yourself.',
  blockSelf: 'You cannot block yourself.',
  userNotFound: 'User not found.',
  tooMany: 'You are sending messages too fast. Wait a moment and try again.',
  left: 'You left the conversation.',
  blockedNow: 'Person blocked.',
  unblockedNow: 'Person unblocked.',
  membersOnlyGroups: 'Only a group conversation has members to add, remove or hand over to.',
  notOwner: "Only the group's owner can change its members or hand over ownership.",
  addUnreachable:
    'You can only add people you can message: some of those chosen share no organisation with you.',
  alreadyMember: 'Some of those chosen are already members of this group.',
  groupFull: `A group has at most ${MESSAGING_LIMITS.groupMembersMax} members.`,
  notAMember: 'This person is not a member of this group.',
  removeSelf: 'You cannot remove yourself; leave the group instead.',
  ownSelf: 'You already own this group.',
} as const;

const id = z.number().int().positive().max(2_147_483_647);
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(MESSAGING_LIMITS.pageMax)
  .default(MESSAGING_LIMITS.pageDefault);
const queryId = z.coerce.number().int().positive().max(2_147_483_647);

const TAG = /<\/?[a-zA-Z!][^<>]*>/g;

/**
 * Removes anything shaped like an HTML tag or comment (again, until none is left, so `<scr<b>ipt>`
 * cannot reassemble). Messages are shown as text anyway; stripping means no stored message carries
 * markup that a less careful reader (a mail, an export) could run. `a < b` and entities stay as typed.
 */
export function stripMarkup(text: string): string {
  let current = text;
  for (;;) {
    const next = current.replace(TAG, '');
    if (next === current) return next;
    current = next;
  }
}

/** Plain text: markup stripped, trimmed, 1 to 4000 characters. */
export const messageBodyText = z
  .string()
  .max(MESSAGING_LIMITS.bodyMax * 4, `must be at most ${MESSAGING_LIMITS.bodyMax} characters`)
  .transform(stripMarkup)
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MESSAGING_LIMITS.bodyMax, `must be at most ${MESSAGING_LIMITS.bodyMax} characters`),
  );

export const conversationTitle = z
  .string()
  .max(MESSAGING_LIMITS.titleMax * 4)
  .transform(stripMarkup)
  .pipe(z.string().trim().min(1, 'must not be empty').max(MESSAGING_LIMITS.titleMax));

export const messagingIdParams = z.object({ id: pathId }).strict();
export const blockParams = z.object({ userId: pathId }).strict();

export const conversationListQuery = z.object({ cursor: z.string().max(200).optional(), limit }).strict();

export const messageListQuery = z
  .object({ conversation_id: queryId, before: queryId.optional(), limit })
  .strict();

export const messageSearchQuery = z
  .object({
    q: z.string().trim().max(MESSAGING_LIMITS.searchMax).default(''),
    before: queryId.optional(),
    limit,
  })
  .strict();

export const peopleQuery = z
  .object({ search: z.string().trim().max(MESSAGING_LIMITS.searchMax).default(''), limit })
  .strict();

export const createConversationBody = z
  .object({
    type: z.enum(['direct', 'group']).optional(),
    member_ids: z
      .array(id)
      .min(1)
      .max(MESSAGING_LIMITS.groupMembersMax)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a person'),
    title: conversationTitle.optional(),
  })
  .strict();
export type CreateConversationBody = z.infer<typeof createConversationBody>;

export const updateConversationBody = z.object({ title: conversationTitle }).strict();

/** Adds people to a group (its owner only): all of them or none. */
export const addMembersBody = z
  .object({
    member_ids: z
      .array(id)
      .min(1, 'must name at least one person')
      .max(MESSAGING_LIMITS.groupMembersMax)
      .refine((ids) => new Set(ids).size === ids.length, 'must not repeat a person'),
  })
  .strict();
export type AddMembersBody = z.infer<typeof addMembersBody>;

/** Names one member of a group: to remove, or to hand ownership to. */
export const groupMemberBody = z.object({ user_id: id }).strict();
export type GroupMemberBody = z.infer<typeof groupMemberBody>;
export const muteConversationBody = z.object({ muted: z.boolean() }).strict();
export const markReadBody = z.object({ message_id: id.optional() }).strict();

export const createMessageBody = z
  .object({
    conversation_id: id,
    body: messageBodyText,
    reply_to_message_id: id.optional(),
    attachment_ids: z
      .array(z.uuid('must be a file id (a UUID)'))
      .max(MESSAGING_LIMITS.attachmentsMax)
      .default([]),
  })
  .strict();
export type CreateMessageBody = z.input<typeof createMessageBody>;

export const updateMessageBody = z.object({ body: messageBodyText }).strict();
export const createBlockBody = z.object({ user_id: id }).strict();

export const messagingPerson = z.object({
  user_id: z.number().int(),
  name: z.string(),
  username: z.string(),
  profile_image: z.string().nullable(),
});
export type MessagingPerson = z.infer<typeof messagingPerson>;

export const messagePreview = z.object({
  message_id: z.number().int(),
  sender_id: z.number().int(),
  sender_name: z.string(),
  body: z.string(),
  deleted: z.boolean(),
  created_at: z.string(),
});
export type MessagePreview = z.infer<typeof messagePreview>;

export const conversationItem = z.object({
  conversation_id: z.number().int(),
  type: z.enum(['direct', 'group']),
  title: z.string().nullable(),
  created_by: z.number().int(),
  created_at: z.string(),
  last_message_at: z.string(),
  /** The other current members. */
  members: z.array(messagingPerson),
  my_role: z.enum(['owner', 'member']),
  /** A group's current owner (who adds and removes members); null for a direct conversation. */
  owner_id: z.number().int().nullable(),
  muted: z.boolean(),
  unread_count: z.number().int(),
  last_message: messagePreview.nullable(),
  /** Direct only: one of the two has blocked the other, so nothing more can be sent. */
  blocked: z.boolean(),
});
export type ConversationItem = z.infer<typeof conversationItem>;

export const messageAttachment = z.object({
  file_id: z.string(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  url: z.string(),
});

export const messageItem = z.object({
  message_id: z.number().int(),
  conversation_id: z.number().int(),
  sender: messagingPerson,
  /** The tombstone text once deleted. */
  body: z.string(),
  reply_to: messagePreview.nullable(),
  attachments: z.array(messageAttachment),
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
  created_at: z.string(),
});
export type MessageItem = z.infer<typeof messageItem>;

const cursorMeta = z.object({ limit: z.number().int(), next_cursor: z.string().nullable() });

export function cursorEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: cursorMeta });
}

export const conversationList = cursorEnvelope(conversationItem);
export const messageList = cursorEnvelope(messageItem);
export const peopleList = z.object({ data: z.array(messagingPerson) });
export const blockList = z.object({ data: z.array(messagingPerson) });

export const unreadSummary = z.object({
  /** Unread messages in conversations that are not muted. */
  unread: z.number().int(),
  /** The newest unread message of a conversation that is not muted (the web's toast). */
  latest: messagePreview.extend({ conversation_id: z.number().int() }).nullable(),
});
export type UnreadSummary = z.infer<typeof unreadSummary>;

export const messagingNotice = z.object({ message: z.string() });

/** RTK Query tags a messaging emit invalidates. */
export const MESSAGING_TAGS = {
  conversation: 'Conversation',
  message: 'Message',
  unread: 'UnreadCount',
  block: 'Block',
} as const;

/** The socket room kind of one conversation (members only). */
export const CONVERSATION_ROOM = 'conversation';
