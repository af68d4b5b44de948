import {
  COMMUNITY_MESSAGES,
  type CommunityMember,
  type ListMeta,
  type MemberDecision,
  type memberListQuery,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { communityMembers, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { isTenantAdmin } from '../../http/policy';
import { type CommunityRow, loadSeen, type Membership, mayList, moderated, readable } from './access';
import { audit } from './audit-log';
import { communityOrDefault, displayName, iso, meta } from './listing';

/**
 * Membership of a community (docs/community.md): joining or asking to join, leaving, the member
 * list, and a moderator's decisions on requests, bans and roles. Apart from the community's own
 * create, read and update (communities.ts), which a member's lifecycle never changes.
 */

/** Joins a public community at once; asks to join a private one (pending until a moderator approves). */
export async function join(
  database: Database,
  actor: Actor,
  id: number,
): Promise<{ status: Membership['status']; message: string }> {
  return database.db.transaction(async (tx) => {
    const seen = await loadSeen(tx, actor, id);
    if (!seen || !mayList(actor, seen)) throw notFound(COMMUNITY_MESSAGES.notFound);
    if (seen.membership?.status === 'banned') throw forbidden(COMMUNITY_MESSAGES.banned);
    if (seen.membership?.status === 'active') throw badRequest(COMMUNITY_MESSAGES.alreadyMember);
    if (seen.membership?.status === 'pending')
      return { status: 'pending', message: COMMUNITY_MESSAGES.requested };
    const open = seen.community.visibility === 'public';
    await tx.insert(communityMembers).values({
      community_id: id,
      user_id: actor.userId,
      role: 'member',
      status: open ? 'active' : 'pending',
      joined_at: open ? new Date() : null,
    });
    return open
      ? { status: 'active', message: COMMUNITY_MESSAGES.joined }
      : { status: 'pending', message: COMMUNITY_MESSAGES.requested };
  });
}

/** Leaves (or withdraws a request); the owner stays, and a ban is kept. */
export async function leave(database: Database, actor: Actor, id: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const seen = await loadSeen(tx, actor, id);
    if (!seen?.membership || seen.membership.status === 'banned')
      throw notFound(COMMUNITY_MESSAGES.memberNotFound);
    if (seen.membership.role === 'owner') throw badRequest(COMMUNITY_MESSAGES.ownerStays);
    await tx
      .delete(communityMembers)
      .where(and(eq(communityMembers.community_id, id), eq(communityMembers.user_id, actor.userId)));
  });
}

/** Members; pending requests and bans are for moderators only. */
export async function listMembers(
  db: DbOrTx,
  actor: Actor,
  query: z.infer<typeof memberListQuery>,
): Promise<{ data: CommunityMember[]; meta: ListMeta }> {
  const communityId = await communityOrDefault(db, actor, query.community_id);
  if (communityId === null) return { data: [], meta: meta(query.page, query.limit, 0) };
  const seen = await readable(db, actor, communityId);
  const status = query.status ?? 'active';
  if (status !== 'active') await moderated(db, actor, communityId);
  void seen;
  const search = query.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const rows = await queryRows<{
    user_id: number;
    username: string;
    display_name: string;
    role: CommunityMember['role'];
    status: CommunityMember['status'];
    requested_at: string;
    joined_at: string | null;
    total: number;
  }>(
    db,
    sql`select m.user_id, ${users.username} as username, ${displayName} as display_name, m.role, m.status, m.requested_at, m.joined_at,
        count(*) over ()::int as total
      from ${communityMembers} m join ${users} on ${users.user_id} = m.user_id
      where m.community_id = ${communityId} and m.status = ${status}
        ${pattern ? sql`and (${users.username} ilike ${pattern} or ${displayName} ilike ${pattern})` : sql``}
      order by case m.role when 'owner' then 0 when 'moderator' then 1 else 2 end, m.requested_at, m.user_id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((row) => ({
      community_id: communityId,
      user_id: row.user_id,
      username: row.username,
      display_name: row.display_name,
      role: row.role,
      status: row.status,
      requested_at: iso(row.requested_at)!,
      joined_at: iso(row.joined_at),
    })),
    meta: meta(query.page, query.limit, rows[0]?.total ?? 0),
  };
}

/** A moderator's decision on a member: approve or decline a request, ban, unban, promote, demote, remove. */
export async function decideMember(database: Database, actor: Actor, input: MemberDecision): Promise<void> {
  await database.db.transaction(async (tx) => {
    const seen = await moderated(tx, actor, input.community_id);
    const [target] = await tx
      .select()
      .from(communityMembers)
      .where(
        and(
          eq(communityMembers.community_id, input.community_id),
          eq(communityMembers.user_id, input.user_id),
        ),
      )
      .for('update');
    const promoting = input.action === 'make_moderator' || input.action === 'make_member';
    if (promoting && !ownerLike(actor, seen.membership, seen.community))
      throw forbidden(COMMUNITY_MESSAGES.ownerOnly);
    if (!target && input.action !== 'ban') throw notFound(COMMUNITY_MESSAGES.memberNotFound);
    if (target?.role === 'owner') throw badRequest(COMMUNITY_MESSAGES.ownerStays);
    const where = and(
      eq(communityMembers.community_id, input.community_id),
      eq(communityMembers.user_id, input.user_id),
    );
    switch (input.action) {
      case 'approve':
        if (target!.status !== 'pending')
          throw badRequest('There is no request from this person to approve.');
        await tx.update(communityMembers).set({ status: 'active', joined_at: new Date() }).where(where);
        break;
      case 'decline':
        if (target!.status !== 'pending')
          throw badRequest('There is no request from this person to decline.');
        await tx.delete(communityMembers).where(where);
        break;
      case 'ban':
        if (target) await tx.update(communityMembers).set({ status: 'banned', role: 'member' }).where(where);
        else {
          const [person] = await tx
            .select({ id: users.user_id })
            .from(users)
            .where(eq(users.user_id, input.user_id));
          if (!person) throw notFound(COMMUNITY_MESSAGES.memberNotFound);
          await tx
            .insert(communityMembers)
            .values({ community_id: input.community_id, user_id: input.user_id, status: 'banned' });
        }
        break;
      case 'unban':
        if (target!.status !== 'banned') throw badRequest('This person is not banned.');
        await tx.delete(communityMembers).where(where);
        break;
      case 'make_moderator':
      case 'make_member':
        if (target!.status !== 'active') throw badRequest('Only active members can change role.');
        await tx
          .update(communityMembers)
          .set({ role: input.action === 'make_moderator' ? 'moderator' : 'member' })
          .where(where);
        break;
      case 'remove':
        await tx.delete(communityMembers).where(where);
        break;
    }
    await audit(tx, actor, input.community_id, `member.${input.action}`, {
      kind: 'member',
      id: input.user_id,
    });
  });
}

function ownerLike(actor: Actor, membership: Membership | null, community: CommunityRow): boolean {
  if (actor.isPlatformAdmin || membership?.role === 'owner') return true;
  return community.tenant_id !== null && actor.tenantId === community.tenant_id && isTenantAdmin(actor);
}
