import { COMMUNITY_MESSAGES, type CommunityRole, type MemberStatus } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { communities, communityMembers } from '../../db/schema';
import { forbidden, notFound } from '../../http/app-error';
import { type Actor, isTenantAdmin } from '../../http/policy';

export type CommunityRow = typeof communities.$inferSelect;
export interface Membership {
  role: CommunityRole;
  status: MemberStatus;
}

/** A community with the caller's membership (null: none). */
export interface Seen {
  community: CommunityRow;
  membership: Membership | null;
}

/** What deciding access needs of a community: lean reads (a list's one statement) carry only this. */
export interface SeenAccess {
  community: Pick<CommunityRow, 'tenant_id' | 'visibility'>;
  membership: Membership | null;
}

/** The columns a lean statement reads for an access check: the community's and the membership's. */
export interface AccessColumns {
  tenant_id: number | null;
  visibility: SeenAccess['community']['visibility'];
  role: Membership['role'] | null;
  status: Membership['status'] | null;
}

export function seenAccessOf(row: AccessColumns): SeenAccess {
  return {
    community: { tenant_id: row.tenant_id, visibility: row.visibility },
    membership: row.role && row.status ? { role: row.role, status: row.status } : null,
  };
}

/** True when the caller belongs to the community's scope: anyone for a platform one, its people for a tenant's. */
export function inScope(actor: Actor, community: Pick<CommunityRow, 'tenant_id'>): boolean {
  if (actor.isPlatformAdmin || community.tenant_id === null) return true;
  return (
    actor.tenantId === community.tenant_id ||
    actor.roles.some((role) => role.tenantId === community.tenant_id)
  );
}

/** A private community's name is listed to its scope; anything else is for active members only. */
export function mayList(actor: Actor, seen: SeenAccess): boolean {
  return inScope(actor, seen.community) || seen.membership !== null;
}

/** Reading topics, members and groups: a public community's scope (the banned too), a private one's members. */
export function mayRead(actor: Actor, seen: SeenAccess): boolean {
  if (actor.isPlatformAdmin) return true;
  if (seen.community.visibility === 'private') return seen.membership?.status === 'active';
  return inScope(actor, seen.community) || seen.membership?.status === 'active';
}

/** Moderators: the owner and moderators, the platform's admins, and the admins of the community's tenant. */
export function mayModerate(actor: Actor, seen: SeenAccess): boolean {
  if (actor.isPlatformAdmin) return true;
  if (seen.membership?.status === 'active' && seen.membership.role !== 'member') return true;
  return (
    seen.community.tenant_id !== null && actor.tenantId === seen.community.tenant_id && isTenantAdmin(actor)
  );
}

export async function loadSeen(db: DbOrTx, actor: Actor, communityId: number): Promise<Seen | null> {
  const [row] = await db
    .select({ community: communities, role: communityMembers.role, status: communityMembers.status })
    .from(communities)
    .leftJoin(
      communityMembers,
      and(
        eq(communityMembers.community_id, communities.community_id),
        eq(communityMembers.user_id, actor.userId),
      ),
    )
    .where(and(eq(communities.community_id, communityId), eq(communities.is_deleted, false)));
  if (!row) return null;
  return {
    community: row.community,
    membership: row.role && row.status ? { role: row.role, status: row.status } : null,
  };
}

/** The community if the caller may read its content; else 404, so a private one reveals nothing. */
export async function readable(db: DbOrTx, actor: Actor, communityId: number): Promise<Seen> {
  const seen = await loadSeen(db, actor, communityId);
  if (!seen || !mayRead(actor, seen)) throw notFound(COMMUNITY_MESSAGES.notFound);
  return seen;
}

/** Readable and the caller moderates it (403 for a reader who does not). */
export async function moderated(db: DbOrTx, actor: Actor, communityId: number): Promise<Seen> {
  const seen = await readable(db, actor, communityId);
  if (!mayModerate(actor, seen)) throw forbidden(COMMUNITY_MESSAGES.moderatorsOnly);
  return seen;
}

/** Posting: an active member who is not banned (moderators and admins always). */
export function assertMayPost(actor: Actor, seen: Seen): void {
  if (seen.membership?.status === 'banned') throw forbidden(COMMUNITY_MESSAGES.banned);
  if (mayModerate(actor, seen)) return;
  if (seen.membership?.status !== 'active') throw forbidden(COMMUNITY_MESSAGES.notMember);
}
