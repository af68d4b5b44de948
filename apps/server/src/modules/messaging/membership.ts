import { MESSAGING_MESSAGES } from '@nexus/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversationMembers, conversations } from '../../db/schema';
import { notFound } from '../../http/app-error';

export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;

/**
 * The conversation and the caller's current membership, or 404: a conversation one never belonged to
 * or has left answers exactly like one that does not exist.
 */
export async function membershipOf(
  db: DbOrTx,
  userId: number,
  conversationId: number,
): Promise<{ conversation: ConversationRow; member: MemberRow }> {
  const [row] = await db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.conversation_id, conversationMembers.conversation_id))
    .where(
      and(
        eq(conversationMembers.conversation_id, conversationId),
        eq(conversationMembers.user_id, userId),
        isNull(conversationMembers.left_at),
      ),
    );
  if (!row) throw notFound(MESSAGING_MESSAGES.conversationNotFound);
  return row;
}

/** True when the user is a current member (the socket room's authorizer, the files grant). */
export async function isMember(db: DbOrTx, userId: number, conversationId: number): Promise<boolean> {
  try {
    await membershipOf(db, userId, conversationId);
    return true;
  } catch {
    return false;
  }
}

/** The current members' ids: who an emit about the conversation goes to. */
export async function memberIds(db: DbOrTx, conversationId: number): Promise<number[]> {
  const rows = await db
    .select({ user_id: conversationMembers.user_id })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversation_id, conversationId), isNull(conversationMembers.left_at)));
  return rows.map((row) => row.user_id);
}
