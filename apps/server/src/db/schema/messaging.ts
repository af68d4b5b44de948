import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Conversations (issue 16 point 1). They belong to people, not to a tenant: two members of a shared
 * tenant keep talking whichever tenant each is working in, so there is no tenant_id and no row-level
 * policy; every read goes through membership instead. `direct_key` ("<low id>:<high id>") makes a
 * direct conversation between two people unique.
 */
export const conversations = pgTable(
  'conversations',
  {
    conversation_id: serial('conversation_id').primaryKey(),
    type: text('type', { enum: ['direct', 'group'] }).notNull(),
    title: text('title'),
    direct_key: text('direct_key'),
    created_by: integer('created_by')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
    /** The newest message's time (or the creation): the list's order. */
    last_message_at: at('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_direct_key').on(t.direct_key).where(sql`${t.direct_key} is not null`),
    index('conversations_last_message_idx').on(t.last_message_at, t.conversation_id),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.conversation_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    role: text('role', { enum: ['owner', 'member'] })
      .notNull()
      .default('member'),
    joined_at: at('joined_at').notNull().defaultNow(),
    left_at: at('left_at'),
    last_read_message_id: integer('last_read_message_id').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.user_id] }),
    index('conversation_members_user_idx').on(t.user_id),
  ],
);

export const messages = pgTable(
  'messages',
  {
    message_id: serial('message_id').primaryKey(),
    conversation_id: integer('conversation_id')
      .notNull()
      .references(() => conversations.conversation_id),
    sender_id: integer('sender_id')
      .notNull()
      .references(() => users.user_id),
    /** Plain text, never interpreted as HTML; emptied when the message is deleted. */
    body: text('body').notNull(),
    reply_to_message_id: integer('reply_to_message_id'),
    /** File ids (modules/files) the sender uploaded; members may read them while they are members. */
    attachment_ids: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    created_at: at('created_at').notNull().defaultNow(),
    edited_at: at('edited_at'),
    deleted_at: at('deleted_at'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversation_id, t.message_id),
    index('messages_sender_idx').on(t.sender_id),
    index('messages_body_search_idx').using('gin', sql`to_tsvector('simple', ${t.body})`),
  ],
);

/** A block forbids new messages in the direct conversation of the two, in either direction. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blocker_id: integer('blocker_id')
      .notNull()
      .references(() => users.user_id),
    blocked_id: integer('blocked_id')
      .notNull()
      .references(() => users.user_id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blocker_id, t.blocked_id] }),
    index('user_blocks_blocked_idx').on(t.blocked_id),
  ],
);
