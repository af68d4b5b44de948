import { MESSAGING_MESSAGES, type MessageItem } from '@nexus/contracts';
import { and, desc, eq, ilike, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { conversationMembers, conversations, files, messages } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { type ConversationRow, memberIds, membershipOf } from './membership';
import { blockedBetween, eitherReaches } from './reachability';
import { type MessageRow, presentMessages } from './views';

const loadRows = (db: DbOrTx) => async (ids: number[]) =>
  ids.length === 0 ? [] : db.select().from(messages).where(inArray(messages.message_id, ids));

export const present = (db: DbOrTx, rows: MessageRow[]) => presentMessages(db, rows, loadRows(db));

function page(rows: MessageRow[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: rows.length > limit && last ? String(last.message_id) : null };
}

/** One page of a conversation's history, newest first, older than `before` (loaded as one scrolls up). */
export async function listMessages(
  db: Db,
  userId: number,
  query: { conversation_id: number; before?: number; limit: number },
) {
  await membershipOf(db, userId, query.conversation_id);
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversation_id, query.conversation_id),
        query.before ? lt(messages.message_id, query.before) : undefined,
      ),
    )
    .orderBy(desc(messages.message_id))
    .limit(query.limit + 1);
  const { items, next } = page(rows, query.limit);
  return { data: await present(db, items), meta: { limit: query.limit, next_cursor: next } };
}

/** A message of a conversation the caller belongs to, or 404 (another user's message never shows). */
async function visibleMessage(db: DbOrTx, userId: number, messageId: number) {
  const [row] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.user_id, userId),
        isNull(conversationMembers.left_at),
      ),
    )
    .where(eq(messages.message_id, messageId));
  if (!row) throw notFound(MESSAGING_MESSAGES.messageNotFound);
  return row.message;
}

/** The other person of a direct conversation. */
async function otherOf(db: DbOrTx, conversation: ConversationRow, userId: number): Promise<number | null> {
  const ids = await db
    .select({ user_id: conversationMembers.user_id })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversation_id, conversation.conversation_id));
  return ids.map((row) => row.user_id).find((id) => id !== userId) ?? null;
}

export interface NewMessage {
  conversation_id: number;
  body: string;
  reply_to_message_id?: number;
  attachment_ids: string[];
}

/**
 * Stores a message from a current member. In a direct conversation a block either way, or the two no
 * longer reaching each other, is a 403 with nothing stored. Attachments must be the sender's own files.
 */
export async function createMessage(
  db: Db,
  userId: number,
  input: NewMessage,
): Promise<{ item: MessageItem; recipients: number[] }> {
  const { conversation } = await membershipOf(db, userId, input.conversation_id);
  if (conversation.type === 'direct') {
    const other = await otherOf(db, conversation, userId);
    if (other !== null) {
      if (await blockedBetween(db, userId, other)) throw forbidden(MESSAGING_MESSAGES.blocked);
      if (!(await eitherReaches(db, userId, other))) throw forbidden(MESSAGING_MESSAGES.unreachable);
    }
  }
  if (input.reply_to_message_id !== undefined) {
    const [target] = await db
      .select({ conversation_id: messages.conversation_id })
      .from(messages)
      .where(eq(messages.message_id, input.reply_to_message_id));
    if (target?.conversation_id !== input.conversation_id) {
      throw badRequest(MESSAGING_MESSAGES.replyElsewhere, [
        { path: ['reply_to_message_id'], message: MESSAGING_MESSAGES.replyElsewhere },
      ]);
    }
  }
  const attachmentIds = [...new Set(input.attachment_ids)];
  if (attachmentIds.length > 0) {
    const owned = await inScope(db, 'all', (tx) =>
      tx
        .select({ file_id: files.file_id })
        .from(files)
        .where(
          and(inArray(files.file_id, attachmentIds), eq(files.owner_id, userId), isNull(files.deleted_at)),
        ),
    );
    if (owned.length !== attachmentIds.length) {
      throw badRequest(MESSAGING_MESSAGES.attachmentNotYours, [
        { path: ['attachment_ids'], message: MESSAGING_MESSAGES.attachmentNotYours },
      ]);
    }
  }
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(messages)
      .values({
        conversation_id: input.conversation_id,
        sender_id: userId,
        body: input.body,
        reply_to_message_id: input.reply_to_message_id ?? null,
        attachment_ids: attachmentIds,
      })
      .returning();
    const created = inserted as MessageRow;
    await tx
      .update(conversations)
      .set({ last_message_at: created.created_at })
      .where(eq(conversations.conversation_id, input.conversation_id));
    // One's own message is read by definition.
    await tx
      .update(conversationMembers)
      .set({ last_read_message_id: created.message_id })
      .where(
        and(
          eq(conversationMembers.conversation_id, input.conversation_id),
          eq(conversationMembers.user_id, userId),
        ),
      );
    return created;
  });
  const [item] = await present(db, [row]);
  return { item: item as MessageItem, recipients: await memberIds(db, input.conversation_id) };
}

async function ownMessage(db: DbOrTx, userId: number, messageId: number) {
  const row = await visibleMessage(db, userId, messageId);
  if (row.sender_id !== userId) throw forbidden(MESSAGING_MESSAGES.notOwnMessage);
  if (row.deleted_at !== null) throw badRequest(MESSAGING_MESSAGES.alreadyDeleted);
  return row;
}

/** Edits one's own message; it shows as edited from then on. */
export async function updateMessage(db: Db, userId: number, messageId: number, body: string) {
  const row = await ownMessage(db, userId, messageId);
  const [updated] = await db
    .update(messages)
    .set({ body, edited_at: new Date() })
    .where(eq(messages.message_id, messageId))
    .returning();
  const [item] = await present(db, [updated as MessageRow]);
  return { item: item as MessageItem, recipients: await memberIds(db, row.conversation_id) };
}

/** Deletes one's own message: the text and attachments go, a tombstone stays in the history. */
export async function deleteMessage(db: Db, userId: number, messageId: number) {
  const row = await ownMessage(db, userId, messageId);
  const [deleted] = await db
    .update(messages)
    .set({ body: '', attachment_ids: [], deleted_at: new Date() })
    .where(eq(messages.message_id, messageId))
    .returning();
  const [item] = await present(db, [deleted as MessageRow]);
  return { item: item as MessageItem, recipients: await memberIds(db, row.conversation_id) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Messages matching `q` in the caller's current conversations only, newest first. */
export async function searchMessages(
  db: Db,
  userId: number,
  query: { q: string; before?: number; limit: number },
) {
  if (query.q === '') return { data: [], meta: { limit: query.limit, next_cursor: null } };
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.user_id, userId),
        isNull(conversationMembers.left_at),
      ),
    )
    .where(
      and(
        isNull(messages.deleted_at),
        ilike(messages.body, sql`${`%${escapeLike(query.q)}%`}`),
        query.before ? lt(messages.message_id, query.before) : undefined,
      ),
    )
    .orderBy(desc(messages.message_id))
    .limit(query.limit + 1);
  const { items, next } = page(
    rows.map((row) => row.message),
    query.limit,
  );
  return { data: await present(db, items), meta: { limit: query.limit, next_cursor: next } };
}

/** True when the user may read a file because it is attached to a message of a conversation they are in. */
export async function attachmentVisibleTo(db: DbOrTx, userId: number, fileId: string): Promise<boolean> {
  const rows = await db
    .select({ id: messages.message_id })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.user_id, userId),
        isNull(conversationMembers.left_at),
      ),
    )
    .where(
      and(isNull(messages.deleted_at), sql`${messages.attachment_ids} @> ${JSON.stringify([fileId])}::jsonb`),
    )
    .limit(1);
  return rows.length > 0;
}
