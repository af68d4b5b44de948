import {
  COMMUNITY_MESSAGES,
  type CommunityItem,
  type communityCreate,
  type communityListQuery,
  type communityUpdate,
  type ListMeta,
} from '@nexus/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { communities, communityMembers, files, forums } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import {
  type CommunityRow,
  loadSeen,
  type Membership,
  mayList,
  mayModerate,
  mayRead,
  moderated,
} from './access';
import { audit } from './audit-log';
import { meta } from './listing';

/**
 * The community itself (docs/community.md): listing and search, reading one, creating it with its
 * forum and owner, and editing it. Membership is in membership.ts, the audit log in audit-log.ts.
 */

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
