import {
  type ConversationItem,
  type CreateConversationBody,
  MESSAGING_MESSAGES,
  type MessagingPerson,
  type UnreadSummary,
} from '@nexus/contracts';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { conversationMembers, conversations, messages, userBlocks } from '../../db/schema';
import { badRequest, forbidden } from '../../http/app-error';
import { type MemberRow, membershipOf } from './membership';
import { blockedBetween, reachableOf } from './reachability';
import { type MessageRow, peopleById, previewOf } from './views';

type ListedRow = { conversation: typeof conversations.$inferSelect; member: MemberRow };

/** Unread: others' live messages after the caller's read mark. */
const unreadOf = (userId: number) =>
  and(
    ne(messages.sender_id, userId),
    isNull(messages.deleted_at),
    gt(messages.message_id, conversationMembers.last_read_message_id),
  );

async function present(db: DbOrTx, userId: number, rows: ListedRow[]): Promise<ConversationItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.conversation.conversation_id);
  const members = await db
    .select({
      conversation_id: conversationMembers.conversation_id,
      user_id: conversationMembers.user_id,
      role: conversationMembers.role,
    })
    .from(conversationMembers)
    .where(and(inArray(conversationMembers.conversation_id, ids), isNull(conversationMembers.left_at)));
  const lastIds = await db
    .select({ id: sql<number>`max(${messages.message_id})`.mapWith(Number) })
    .from(messages)
    .where(inArray(messages.conversation_id, ids))
    .groupBy(messages.conversation_id);
  const lastRows: MessageRow[] =
    lastIds.length === 0
      ? []
      : await db
          .select()
          .from(messages)
          .where(
            inArray(
              messages.message_id,
              lastIds.map((row) => row.id),
            ),
          );
  const unread = await db
    .select({ conversation_id: messages.conversation_id, n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversation_id, messages.conversation_id),
        eq(conversationMembers.user_id, userId),
      ),
    )
    .where(and(inArray(messages.conversation_id, ids), unreadOf(userId)))
    .groupBy(messages.conversation_id);
  const others = members.filter((row) => row.user_id !== userId);
  const people = await peopleById(db, [
    ...others.map((row) => row.user_id),
    ...lastRows.map((row) => row.sender_id),
  ]);
  const blocks = await db
    .select()
    .from(userBlocks)
    .where(or(eq(userBlocks.blocker_id, userId), eq(userBlocks.blocked_id, userId)));
  const blockedWith = new Set(
    blocks.map((row) => (row.blocker_id === userId ? row.blocked_id : row.blocker_id)),
  );
  const lastBy = new Map(lastRows.map((row) => [row.conversation_id, row]));
  const unreadBy = new Map(unread.map((row) => [row.conversation_id, row.n]));
  return rows.map(({ conversation, member }) => {
    const memberPeople = others
      .filter((row) => row.conversation_id === conversation.conversation_id)
      .map((row) => people.get(row.user_id))
      .filter((person): person is MessagingPerson => person !== undefined);
    const last = lastBy.get(conversation.conversation_id);
    return {
      conversation_id: conversation.conversation_id,
      type: conversation.type,
      title: conversation.title,
      created_by: conversation.created_by,
      created_at: conversation.created_at.toISOString(),
      last_message_at: conversation.last_message_at.toISOString(),
      members: memberPeople,
      my_role: member.role,
      owner_id:
        conversation.type === 'group'
          ? (members.find(
              (row) => row.conversation_id === conversation.conversation_id && row.role === 'owner',
            )?.user_id ?? null)
          : null,
      muted: member.muted,
      unread_count: unreadBy.get(conversation.conversation_id) ?? 0,
      last_message: last ? previewOf(last, people) : null,
      blocked:
        conversation.type === 'direct' && memberPeople.some((person) => blockedWith.has(person.user_id)),
    };
  });
}

/** The cursor of the list: the last row's activity time and id, opaque to the client. */
const encodeCursor = (at: Date, id: number) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  const n = Number(id);
  if (Number.isNaN(at.getTime()) || !Number.isInteger(n) || n <= 0) {
    throw badRequest('Invalid cursor', [{ path: ['cursor'], message: 'is not a cursor this list gave' }]);
  }
  return { at, id: n };
}

/** The caller's current conversations, newest activity first, each with unread count and preview. */
export async function listConversations(db: Db, userId: number, query: { cursor?: string; limit: number }) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.conversation_id, conversationMembers.conversation_id))
    .where(
      and(
        eq(conversationMembers.user_id, userId),
        isNull(conversationMembers.left_at),
        after
          ? or(
              lt(conversations.last_message_at, after.at),
              and(eq(conversations.last_message_at, after.at), lt(conversations.conversation_id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(conversations.last_message_at), desc(conversations.conversation_id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const more = rows.length > query.limit && last;
  return {
    data: await present(db, userId, page),
    meta: {
      limit: query.limit,
      next_cursor: more
        ? encodeCursor(last.conversation.last_message_at, last.conversation.conversation_id)
        : null,
    },
  };
}

export async function getConversation(db: DbOrTx, userId: number, conversationId: number) {
  const row = await membershipOf(db, userId, conversationId);
  const [item] = await present(db, userId, [row]);
  return item as ConversationItem;
}

/**
 * Opens a conversation. A direct one between two people is unique: opening it again answers the
 * existing one (`created: false`). Everyone named must be reachable, else 403 and nothing stored.
 */
export async function createConversation(
  db: Db,
  userId: number,
  body: CreateConversationBody,
): Promise<{ item: ConversationItem; created: boolean }> {
  const others = body.member_ids.filter((id) => id !== userId);
  if (others.length === 0)
    throw badRequest(MESSAGING_MESSAGES.selfConversation, [
      { path: ['member_ids'], message: MESSAGING_MESSAGES.selfConversation },
    ]);
  const type = body.type ?? (others.length === 1 && body.title === undefined ? 'direct' : 'group');
  if (type === 'direct' && others.length !== 1) {
    throw badRequest(MESSAGING_MESSAGES.directNeedsOne, [
      { path: ['member_ids'], message: MESSAGING_MESSAGES.directNeedsOne },
    ]);
  }
  if (type === 'direct' && body.title !== undefined) {
    throw badRequest(MESSAGING_MESSAGES.titleOnlyGroups, [
      { path: ['title'], message: MESSAGING_MESSAGES.titleOnlyGroups },
    ]);
  }
  const reachable = await reachableOf(db, userId, others);
  if (others.some((id) => !reachable.has(id))) throw forbidden(MESSAGING_MESSAGES.unreachable);
  const directKey = type === 'direct' ? [userId, others[0] as number].sort((a, b) => a - b).join(':') : null;
  if (directKey) {
    if (await blockedBetween(db, userId, others[0] as number)) throw forbidden(MESSAGING_MESSAGES.blocked);
    const [existing] = await db
      .select({ id: conversations.conversation_id })
      .from(conversations)
      .where(eq(conversations.direct_key, directKey));
    if (existing) return { item: await getConversation(db, userId, existing.id), created: false };
  }
  const conversationId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversations)
      .values({
        type,
        title: type === 'group' ? (body.title ?? null) : null,
        direct_key: directKey,
        created_by: userId,
      })
      .onConflictDoNothing()
      .returning({ id: conversations.conversation_id });
    if (!row) return null;
    await tx
      .insert(conversationMembers)
      .values([
        { conversation_id: row.id, user_id: userId, role: 'owner' as const },
        ...others.map((id) => ({ conversation_id: row.id, user_id: id, role: 'member' as const })),
      ]);
    return row.id;
  });
  if (conversationId === null) {
    // Both opened it at once: the other request created it first.
    const [existing] = await db
      .select({ id: conversations.conversation_id })
      .from(conversations)
      .where(eq(conversations.direct_key, directKey as string));
    return { item: await getConversation(db, userId, existing?.id as number), created: false };
  }
  return { item: await getConversation(db, userId, conversationId), created: true };
}

export async function renameConversation(db: Db, userId: number, conversationId: number, title: string) {
  const { conversation } = await membershipOf(db, userId, conversationId);
  if (conversation.type !== 'group')
    throw badRequest(MESSAGING_MESSAGES.titleOnlyGroups, [
      { path: ['title'], message: MESSAGING_MESSAGES.titleOnlyGroups },
    ]);
  await db.update(conversations).set({ title }).where(eq(conversations.conversation_id, conversationId));
  return getConversation(db, userId, conversationId);
}

export async function muteConversation(db: Db, userId: number, conversationId: number, muted: boolean) {
  await membershipOf(db, userId, conversationId);
  await db
    .update(conversationMembers)
    .set({ muted })
    .where(
      and(eq(conversationMembers.conversation_id, conversationId), eq(conversationMembers.user_id, userId)),
    );
  return getConversation(db, userId, conversationId);
}

/** Moves the read mark forward to `messageId` (or the newest message); it never moves back. */
export async function markRead(db: Db, userId: number, conversationId: number, messageId?: number) {
  await membershipOf(db, userId, conversationId);
  const [newest] = await db
    .select({ id: sql<number | null>`max(${messages.message_id})` })
    .from(messages)
    .where(eq(messages.conversation_id, conversationId));
  const top = Number(newest?.id ?? 0);
  const mark = Math.min(messageId ?? top, top);
  await db
    .update(conversationMembers)
    .set({ last_read_message_id: sql`greatest(${conversationMembers.last_read_message_id}, ${mark})` })
    .where(
      and(eq(conversationMembers.conversation_id, conversationId), eq(conversationMembers.user_id, userId)),
    );
  return getConversation(db, userId, conversationId);
}

/** The header's count: unread messages of conversations that are not muted, and the newest of them. */
export async function unreadSummary(db: DbOrTx, userId: number): Promise<UnreadSummary> {
  const scope = and(
    eq(conversationMembers.user_id, userId),
    isNull(conversationMembers.left_at),
    eq(conversationMembers.muted, false),
    unreadOf(userId),
  );
  const [total] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .innerJoin(conversationMembers, eq(conversationMembers.conversation_id, messages.conversation_id))
    .where(scope);
  const [latest] = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversationMembers, eq(conversationMembers.conversation_id, messages.conversation_id))
    .where(scope)
    .orderBy(desc(messages.message_id))
    .limit(1);
  if (!latest) return { unread: total?.n ?? 0, latest: null };
  const people = await peopleById(db, [latest.message.sender_id]);
  return {
    unread: total?.n ?? 0,
    latest: { ...previewOf(latest.message, people), conversation_id: latest.message.conversation_id },
  };
}
