import {
  COMMUNITY_MESSAGES,
  type GroupItem,
  type groupCreate,
  type groupListQuery,
  type ListMeta,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { communities, communityGroups, communityMembers, forums, groupMembers } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { assertMayPost, mayRead, readable } from './access';
import { audit } from './audit-log';
import { meta } from './listing';

type Row = Omit<GroupItem, 'created_at' | 'is_member'> & {
  created_at: string;
  is_member: boolean;
  total: number;
};

/**
 * Groups of the communities the caller may read (one community's with community_id); `mine=true`:
 * the groups the caller belongs to (with the communities, the caller's "circles").
 */
export async function listGroups(
  db: DbOrTx,
  actor: Actor,
  query: z.infer<typeof groupListQuery>,
): Promise<{ data: GroupItem[]; meta: ListMeta }> {
  if (query.community_id !== undefined) await readable(db, actor, query.community_id);
  const search = query.search?.trim();
  // Readable: public communities of the caller's scope or of the platform, and those the caller is an active member of.
  const tenants = [...new Set([actor.tenantId, ...actor.roles.map((role) => role.tenantId)])].filter(
    (id): id is number => id !== null,
  );
  const scope = actor.isPlatformAdmin
    ? sql`true`
    : sql`((c.visibility = 'public' and (c.tenant_id is null ${
        tenants.length > 0
          ? sql`or c.tenant_id in (${sql.join(
              tenants.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      })) or exists (select 1 from ${communityMembers} m where m.community_id = c.community_id and m.user_id = ${actor.userId} and m.status = 'active'))`;
  const rows = await queryRows<Row>(
    db,
    sql`select g.group_id, g.community_id, c.name as community_name, g.name, g.description, g.forum_id, g.owner_user_id,
        g.created_at,
        (select count(*)::int from ${groupMembers} gm where gm.group_id = g.group_id) as member_count,
        exists (select 1 from ${groupMembers} gm where gm.group_id = g.group_id and gm.user_id = ${actor.userId}) as is_member,
        count(*) over ()::int as total
      from ${communityGroups} g join ${communities} c on c.community_id = g.community_id and c.is_deleted = false
      where g.is_deleted = false and ${scope}
        ${query.community_id !== undefined ? sql`and g.community_id = ${query.community_id}` : sql``}
        ${query.mine === 'true' ? sql`and exists (select 1 from ${groupMembers} gm where gm.group_id = g.group_id and gm.user_id = ${actor.userId})` : sql``}
        ${search ? sql`and (g.name ilike ${`%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or to_tsvector('simple', g.description) @@ websearch_to_tsquery('simple', ${search}))` : sql``}
      order by g.group_id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: rows.map(({ total: _total, ...row }) => ({
      ...row,
      created_at: new Date(row.created_at).toISOString(),
    })),
    meta: meta(query.page, query.limit, rows[0]?.total ?? 0),
  };
}

async function groupRow(db: DbOrTx, actor: Actor, groupId: number) {
  const [group] = await db
    .select()
    .from(communityGroups)
    .where(and(eq(communityGroups.group_id, groupId), eq(communityGroups.is_deleted, false)));
  if (!group) throw notFound(COMMUNITY_MESSAGES.groupNotFound);
  try {
    return { group, seen: await readable(db, actor, group.community_id) };
  } catch {
    throw notFound(COMMUNITY_MESSAGES.groupNotFound);
  }
}

async function present(db: DbOrTx, actor: Actor, groupId: number): Promise<GroupItem> {
  const { data } = await listGroups(db, actor, { page: 1, limit: 100, community_id: undefined });
  const found = data.find((group) => group.group_id === groupId);
  if (found) return found;
  const [row] = await queryRows<Row>(
    db,
    sql`select g.group_id, g.community_id, c.name as community_name, g.name, g.description, g.forum_id, g.owner_user_id, g.created_at,
        (select count(*)::int from ${groupMembers} gm where gm.group_id = g.group_id) as member_count,
        exists (select 1 from ${groupMembers} gm where gm.group_id = g.group_id and gm.user_id = ${actor.userId}) as is_member, 1 as total
      from ${communityGroups} g join ${communities} c on c.community_id = g.community_id where g.group_id = ${groupId}`,
  );
  const { total: _total, ...item } = row!;
  return { ...item, created_at: new Date(item.created_at).toISOString() };
}

export async function getGroup(db: DbOrTx, actor: Actor, groupId: number): Promise<GroupItem> {
  await groupRow(db, actor, groupId);
  return present(db, actor, groupId);
}

/** Any active member creates a group in the community, with its own forum; the creator is its owner. */
export async function createGroup(database: Database, actor: Actor, input: z.infer<typeof groupCreate>) {
  const groupId = await database.db.transaction(async (tx) => {
    const seen = await readable(tx, actor, input.community_id);
    assertMayPost(actor, seen);
    const [group] = await tx
      .insert(communityGroups)
      .values({
        community_id: input.community_id,
        name: input.name,
        description: input.description,
        owner_user_id: actor.userId,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning();
    const [forum] = await tx
      .insert(forums)
      .values({ community_id: input.community_id, group_id: group!.group_id })
      .returning();
    await tx
      .update(communityGroups)
      .set({ forum_id: forum!.forum_id })
      .where(eq(communityGroups.group_id, group!.group_id));
    await tx.insert(groupMembers).values({ group_id: group!.group_id, user_id: actor.userId, role: 'owner' });
    await audit(
      tx,
      actor,
      input.community_id,
      'group.created',
      { kind: 'group', id: group!.group_id },
      input.name,
    );
    return group!.group_id;
  });
  return present(database.db, actor, groupId);
}

/** Joins a group: members of its community only (not the banned). */
export async function joinGroup(database: Database, actor: Actor, groupId: number, on: boolean) {
  const { group, seen } = await groupRow(database.db, actor, groupId);
  if (on) {
    assertMayPost(actor, seen);
    await database.db
      .insert(groupMembers)
      .values({ group_id: groupId, user_id: actor.userId })
      .onConflictDoNothing();
  } else {
    if (group.owner_user_id === actor.userId) throw badRequest('The owner of a group cannot leave it.');
    await database.db
      .delete(groupMembers)
      .where(and(eq(groupMembers.group_id, groupId), eq(groupMembers.user_id, actor.userId)));
  }
  if (!mayRead(actor, seen)) throw forbidden();
  return present(database.db, actor, groupId);
}
