import {
  type AuditItem,
  type auditListQuery,
  COMMUNITY_MESSAGES,
  type CommunityItem,
  type CommunityMember,
  type communityCreate,
  type communityListQuery,
  type communityUpdate,
  type ListMeta,
  type MemberDecision,
  type memberListQuery,
} from '@nexus/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { communities, communityAuditLog, communityMembers, files, forums, users } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { isTenantAdmin } from '../../http/policy';
import {
  type CommunityRow,
  loadSeen,
  type Membership,
  mayList,
  mayModerate,
  mayRead,
  moderated,
  readable,
} from './access';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
export const displayName = sql<string>`coalesce(nullif(trim(coalesce(${users.first_name}, '') || ' ' || coalesce(${users.last_name}, '')), ''), ${users.username})`;

/** What the caller sees of a community: a private one's outsiders get the name alone. */
export function present(
  actor: Actor,
  community: CommunityRow,
  membership: Membership | null,
  memberCount: number,
): CommunityItem {
  const open = mayRead(actor, { community, membership });
  return {
    community_id: community.community_id,
    tenant_id: community.tenant_id,
    community_type: community.tenant_id === null ? 'platform' : 'tenant',
    name: community.name,
    visibility: community.visibility,
    description: open ? community.description : null,
    cover_file_id: open ? community.cover_file_id : null,
    owner_user_id: open ? community.owner_user_id : null,
    activity_forum_id: open ? community.activity_forum_id : null,
    member_count: open ? memberCount : null,
    my_role: membership?.status === 'active' ? membership.role : null,
    my_status: membership?.status ?? null,
    created_at: community.created_at.toISOString(),
  };
}

/** Records one moderation action in the community's audit log (same transaction as the action). */
export async function audit(
  tx: DbOrTx,
  actor: Actor,
  communityId: number,
  action: string,
  target: { kind: 'member' | 'post' | 'topic' | 'community' | 'group'; id: number },
  detail = '',
): Promise<void> {
  await tx.insert(communityAuditLog).values({
    community_id: communityId,
    actor_id: actor.userId,
    action,
    target_kind: target.kind,
    target_id: target.id,
    detail,
  });
}

/** The listing condition: scope (platform or the caller's tenants) or the caller's own membership. */
function listedTo(actor: Actor): SQL {
  if (actor.isPlatformAdmin) return sql`true`;
  const tenants = [...new Set([actor.tenantId, ...actor.roles.map((role) => role.tenantId)])].filter(
    (id): id is number => id !== null,
  );
  const inTenants =
    tenants.length === 0
      ? sql`false`
      : sql`c.tenant_id in (${sql.join(
          tenants.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return sql`(c.tenant_id is null or ${inTenants} or m.user_id is not null)`;
}

type ListRow = typeof communities.$inferSelect & {
  role: Membership['role'] | null;
  status: Membership['status'] | null;
  member_count: number;
  total: number;
};

export async function listCommunities(
  database: Database,
  actor: Actor,
  query: z.infer<typeof communityListQuery>,
): Promise<{ data: CommunityItem[]; meta: ListMeta }> {
  const search = query.search?.trim();
  // Full text over name (A) and description (D), with typo tolerance on the name (pg_trgm); a private
  // community's description is searched only for its members.
  const matches = search
    ? sql`((setweight(to_tsvector('simple', c.name), 'A') || setweight(to_tsvector('simple', case when c.visibility = 'public' or m.status = 'active' then c.description else '' end), 'D')) @@ websearch_to_tsquery('simple', ${search})
        or c.name operator(public.%) ${search} or c.name ilike ${`%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`})`
    : sql`true`;
  const rank = search
    ? sql`ts_rank(setweight(to_tsvector('simple', c.name), 'A'), websearch_to_tsquery('simple', ${search})) + public.similarity(c.name, ${search})`
    : sql`0::real`;
  // "mine" starts from the caller's memberships (community_members_user_idx) rather than from every
  // community listed to them; a membership lists its community whatever its scope.
  const from =
    query.view === 'mine'
      ? sql`from ${communityMembers} m join ${communities} c on c.community_id = m.community_id
        where m.user_id = ${actor.userId} and m.status <> 'banned' and c.is_deleted = false and ${matches}`
      : sql`from ${communities} c
        left join ${communityMembers} m on m.community_id = c.community_id and m.user_id = ${actor.userId}
        where c.is_deleted = false and ${listedTo(actor)} and ${matches}`;
  const rows = await database.read<ListRow>(
    sql`select c.*, m.role, m.status,
        (select count(*)::int from ${communityMembers} cm where cm.community_id = c.community_id and cm.status = 'active') as member_count,
        count(*) over ()::int as total
      ${from}
      order by ${rank} desc, (m.status = 'active') is true desc, c.community_id desc
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    true,
  );
  const total = rows[0]?.total ?? (query.page === 1 ? 0 : await countListed(database, from));
  const data = rows.map((row) => {
    const community = {
      ...row,
      created_at: new Date(row.created_at),
      modified_at: new Date(row.modified_at),
    } as CommunityRow;
    const membership = row.role && row.status ? { role: row.role, status: row.status } : null;
    return present(actor, community, membership, row.member_count);
  });
  return { data, meta: meta(query.page, query.limit, total) };
}

/** The total of a list read past its end (the page itself carries it otherwise). */
async function countListed(database: Database, from: SQL): Promise<number> {
  const [row] = await database.read<{ n: number }>(sql`select count(*)::int as n ${from}`, true);
  return row?.n ?? 0;
}

export const meta = (page: number, limit: number, total: number): ListMeta => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
  totalExact: true,
});

async function memberCount(db: DbOrTx, communityId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(communityMembers)
    .where(and(eq(communityMembers.community_id, communityId), eq(communityMembers.status, 'active')));
  return row?.n ?? 0;
}

/** One community as the caller may see it, with whether the caller moderates it. */
export async function getCommunity(db: DbOrTx, actor: Actor, id: number): Promise<CommunityItem> {
  const seen = await loadSeen(db, actor, id);
  if (!seen || !mayList(actor, seen)) throw notFound(COMMUNITY_MESSAGES.notFound);
  const item = present(actor, seen.community, seen.membership, await memberCount(db, id));
  return { ...item, can_moderate: mayModerate(actor, seen) };
}

/** The tenant a new community belongs to: the body's, else the caller's context; only one the caller is in. */
function tenantOf(actor: Actor, requested: number | null | undefined): number | null {
  const tenantId = requested === undefined ? actor.tenantId : requested;
  if (actor.isPlatformAdmin || tenantId === null) return tenantId;
  if (actor.tenantId === tenantId || actor.roles.some((role) => role.tenantId === tenantId)) return tenantId;
  throw forbidden(COMMUNITY_MESSAGES.otherTenant);
}

/** A cover is an image the caller uploaded and still has (files module), as for events. */
async function checkCover(tx: Tx, actor: Actor, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  // Files are row-scoped by tenant; the owner check below is what limits this read.
  const rows = await inScope(tx, 'all', (scoped) =>
    queryRows(
      scoped,
      sql`select 1 from ${files} where ${files.file_id} = ${fileId} and ${files.owner_id} = ${actor.userId}
        and ${files.content_type} like 'image/%' and ${files.deleted_at} is null`,
    ),
  );
  if (rows.length === 0) {
    const message = COMMUNITY_MESSAGES.coverNotFound;
    throw badRequest(message, [{ in: 'body', path: 'cover_file_id', message }]);
  }
}

/** Creates the community, its discussion forum and the creator's ownership in one transaction. */
export async function createCommunity(
  database: Database,
  actor: Actor,
  input: z.infer<typeof communityCreate>,
): Promise<CommunityItem> {
  const tenantId = tenantOf(actor, input.tenant_id);
  return database.db.transaction(async (tx) => {
    await checkCover(tx, actor, input.cover_file_id);
    const [row] = await tx
      .insert(communities)
      .values({
        tenant_id: tenantId,
        name: input.name,
        description: input.description,
        visibility: input.visibility,
        cover_file_id: input.cover_file_id ?? null,
        owner_user_id: actor.userId,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning();
    const community = row as CommunityRow;
    const [forum] = await tx.insert(forums).values({ community_id: community.community_id }).returning();
    const [updated] = await tx
      .update(communities)
      .set({ activity_forum_id: forum!.forum_id })
      .where(eq(communities.community_id, community.community_id))
      .returning();
    await tx.insert(communityMembers).values({
      community_id: community.community_id,
      user_id: actor.userId,
      role: 'owner',
      status: 'active',
      joined_at: new Date(),
    });
    await audit(tx, actor, community.community_id, 'community.created', {
      kind: 'community',
      id: community.community_id,
    });
    return present(actor, updated as CommunityRow, { role: 'owner', status: 'active' }, 1);
  });
}

export async function updateCommunity(
  database: Database,
  actor: Actor,
  id: number,
  input: z.infer<typeof communityUpdate>,
): Promise<CommunityItem> {
  return database.db.transaction(async (tx) => {
    const seen = await moderated(tx, actor, id);
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0) throw badRequest('Nothing to change.');
    await checkCover(tx, actor, input.cover_file_id);
    const [row] = await tx
      .update(communities)
      .set({ ...changes, modified_by: actor.userId, modified_at: new Date() })
      .where(eq(communities.community_id, id))
      .returning();
    await audit(
      tx,
      actor,
      id,
      'community.updated',
      { kind: 'community', id },
      Object.keys(changes).join(', '),
    );
    return present(actor, row as CommunityRow, seen.membership, await memberCount(tx, id));
  });
}

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

/** The community a list without community_id shows: the caller's first (oldest) active membership. */
async function defaultCommunity(db: DbOrTx, actor: Actor): Promise<number | null> {
  const [row] = await db
    .select({ id: communityMembers.community_id })
    .from(communityMembers)
    .where(and(eq(communityMembers.user_id, actor.userId), eq(communityMembers.status, 'active')))
    .orderBy(communityMembers.requested_at)
    .limit(1);
  return row?.id ?? null;
}

export async function communityOrDefault(
  db: DbOrTx,
  actor: Actor,
  requested?: number,
): Promise<number | null> {
  return requested ?? (await defaultCommunity(db, actor));
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

export async function listAudit(
  db: DbOrTx,
  actor: Actor,
  query: z.infer<typeof auditListQuery>,
): Promise<{ data: AuditItem[]; meta: ListMeta }> {
  const communityId = await communityOrDefault(db, actor, query.community_id);
  if (communityId === null) return { data: [], meta: meta(query.page, query.limit, 0) };
  await moderated(db, actor, communityId);
  const rows = await queryRows<{
    audit_id: number;
    community_id: number;
    actor_id: number;
    username: string;
    display_name: string;
    action: string;
    target_kind: string;
    target_id: number;
    detail: string;
    created_at: string;
    total: number;
  }>(
    db,
    sql`select a.*, ${users.username} as username, ${displayName} as display_name, count(*) over ()::int as total
      from ${communityAuditLog} a join ${users} on ${users.user_id} = a.actor_id
      where a.community_id = ${communityId}
      order by a.audit_id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map((row) => ({
      audit_id: row.audit_id,
      community_id: row.community_id,
      actor: { user_id: row.actor_id, username: row.username, display_name: row.display_name },
      action: row.action,
      target_kind: row.target_kind,
      target_id: row.target_id,
      detail: row.detail,
      created_at: iso(row.created_at)!,
    })),
    meta: meta(query.page, query.limit, rows[0]?.total ?? 0),
  };
}

export type { Tx };
