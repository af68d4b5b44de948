import { type ConversationItem, MESSAGING_LIMITS, MESSAGING_MESSAGES } from '@nexus/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { conversationMembers, conversations } from '../../db/schema';
import { badRequest, forbidden } from '../../http/app-error';
import { getConversation } from './conversations';
import { memberIds, membershipOf } from './membership';
import { reachableOf } from './reachability';

/**
 * Group membership changed by the group's owner (issue 16 point 1): add people the owner may reach
 * (all of them or none), remove a member, hand over ownership. Each runs in one transaction that
 * locks the conversation row first, so two owners' changes (an owner handing over while adding)
 * cannot interleave.
 */

/** The caller's membership of a group they own, the conversation row locked; 404, 400 or 403 otherwise. */
async function ownedGroup(tx: DbOrTx, userId: number, conversationId: number) {
  const row = await membershipOf(tx, userId, conversationId);
  if (row.conversation.type !== 'group') throw badRequest(MESSAGING_MESSAGES.membersOnlyGroups);
  await tx
    .select({ id: conversations.conversation_id })
    .from(conversations)
    .where(eq(conversations.conversation_id, conversationId))
    .for('update');
  const [me] = await tx
    .select({ role: conversationMembers.role })
    .from(conversationMembers)
    .where(
      and(eq(conversationMembers.conversation_id, conversationId), eq(conversationMembers.user_id, userId)),
    );
  if (me?.role !== 'owner') throw forbidden(MESSAGING_MESSAGES.notOwner);
}

const memberDetail = (path: string, message: string, ids?: number[]) => [
  { path: [path], message: ids ? `${message} (${ids.join(', ')})` : message },
];

/**
 * Adds people to a group. Everyone named must be someone the owner may reach and not already a
 * member, and the group must stay within its size: otherwise 403 or 400, and nobody is added. A person
 * who left (or was removed) earlier comes back as a new member, with their old read mark.
 */
export async function addMembers(
  db: Db,
  userId: number,
  conversationId: number,
  ids: number[],
): Promise<{ item: ConversationItem; added: number[] }> {
  const added = await db.transaction(async (tx) => {
    await ownedGroup(tx, userId, conversationId);
    const current = new Set(await memberIds(tx, conversationId));
    const already = ids.filter((id) => current.has(id));
    if (already.length > 0)
      throw badRequest(
        MESSAGING_MESSAGES.alreadyMember,
        memberDetail('member_ids', 'already members', already),
      );
    if (current.size + ids.length > MESSAGING_LIMITS.groupMembersMax)
      throw badRequest(
        MESSAGING_MESSAGES.groupFull,
        memberDetail('member_ids', MESSAGING_MESSAGES.groupFull),
      );
    const reachable = await reachableOf(tx, userId, ids);
    const unreachable = ids.filter((id) => !reachable.has(id));
    if (unreachable.length > 0) {
      throw forbidden(MESSAGING_MESSAGES.addUnreachable);
    }
    await tx
      .insert(conversationMembers)
      .values(ids.map((id) => ({ conversation_id: conversationId, user_id: id, role: 'member' as const })))
      .onConflictDoUpdate({
        target: [conversationMembers.conversation_id, conversationMembers.user_id],
        set: { left_at: null, joined_at: sql`now()`, role: 'member', muted: false },
      });
    return ids;
  });
  return { item: await getConversation(db, userId, conversationId), added };
}

async function currentMember(tx: DbOrTx, conversationId: number, targetId: number) {
  const [row] = await tx
    .select({ user_id: conversationMembers.user_id })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.conversation_id, conversationId),
        eq(conversationMembers.user_id, targetId),
        isNull(conversationMembers.left_at),
      ),
    );
  if (!row)
    throw badRequest(MESSAGING_MESSAGES.notAMember, memberDetail('user_id', MESSAGING_MESSAGES.notAMember));
}

/** Removes a member (not oneself: the owner leaves instead). The person no longer sees the group. */
export async function removeMember(
  db: Db,
  userId: number,
  conversationId: number,
  targetId: number,
): Promise<ConversationItem> {
  await db.transaction(async (tx) => {
    await ownedGroup(tx, userId, conversationId);
    if (targetId === userId)
      throw badRequest(MESSAGING_MESSAGES.removeSelf, memberDetail('user_id', MESSAGING_MESSAGES.removeSelf));
    await currentMember(tx, conversationId, targetId);
    await tx
      .update(conversationMembers)
      .set({ left_at: new Date(), role: 'member' })
      .where(
        and(
          eq(conversationMembers.conversation_id, conversationId),
          eq(conversationMembers.user_id, targetId),
        ),
      );
  });
  return getConversation(db, userId, conversationId);
}

async function setOwner(tx: DbOrTx, conversationId: number, fromId: number, toId: number) {
  const where = (id: number) =>
    and(eq(conversationMembers.conversation_id, conversationId), eq(conversationMembers.user_id, id));
  await tx.update(conversationMembers).set({ role: 'member' }).where(where(fromId));
  await tx.update(conversationMembers).set({ role: 'owner' }).where(where(toId));
}

/** Hands the group's ownership to another current member; the caller stays as a member. */
export async function transferOwnership(
  db: Db,
  userId: number,
  conversationId: number,
  targetId: number,
): Promise<ConversationItem> {
  await db.transaction(async (tx) => {
    await ownedGroup(tx, userId, conversationId);
    if (targetId === userId)
      throw badRequest(MESSAGING_MESSAGES.ownSelf, memberDetail('user_id', MESSAGING_MESSAGES.ownSelf));
    await currentMember(tx, conversationId, targetId);
    await setOwner(tx, conversationId, userId, targetId);
  });
  return getConversation(db, userId, conversationId);
}

/**
 * Leaves a group. When its owner leaves, ownership passes to the longest-standing member left (the
 * earliest joined, then the lowest id); a group nobody is left in keeps no owner.
 */
export async function leaveGroup(db: Db, userId: number, conversationId: number): Promise<void> {
  const { conversation } = await membershipOf(db, userId, conversationId);
  if (conversation.type !== 'group') throw badRequest(MESSAGING_MESSAGES.leaveDirect);
  await db.transaction(async (tx) => {
    await tx
      .select({ id: conversations.conversation_id })
      .from(conversations)
      .where(eq(conversations.conversation_id, conversationId))
      .for('update');
    const [me] = await tx
      .update(conversationMembers)
      .set({ left_at: new Date() })
      .where(
        and(
          eq(conversationMembers.conversation_id, conversationId),
          eq(conversationMembers.user_id, userId),
          isNull(conversationMembers.left_at),
        ),
      )
      .returning({ role: conversationMembers.role });
    if (me?.role !== 'owner') return;
    const [heir] = await tx
      .select({ user_id: conversationMembers.user_id })
      .from(conversationMembers)
      .where(
        and(eq(conversationMembers.conversation_id, conversationId), isNull(conversationMembers.left_at)),
      )
      .orderBy(asc(conversationMembers.joined_at), asc(conversationMembers.user_id))
      .limit(1);
    if (heir) await setOwner(tx, conversationId, userId, heir.user_id);
    else
      await tx
        .update(conversationMembers)
        .set({ role: 'member' })
        .where(
          and(
            eq(conversationMembers.conversation_id, conversationId),
            eq(conversationMembers.user_id, userId),
          ),
        );
  });
}
