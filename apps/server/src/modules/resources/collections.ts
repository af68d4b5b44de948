import {
  type collectionCreate,
  type collectionListQuery,
  type collectionUpdate,
  RESOURCE_MESSAGES,
  type ResourceCollection,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { resourceCollections } from '../../db/schema';
import { inScope } from '../../db/scope';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { administers, collectionVisibleSql, managesCollection, uploadsTo } from './policy';

interface CollectionRow extends Omit<ResourceCollection, 'can_manage' | 'can_upload'> {}

const COLUMNS = sql`c.collection_id, c.tenant_id, c.name, c.description, c.is_portal, c.requires_approval,
  c.upload_rights, c.visibility, c.managers,
  (select count(*)::int from resource_items i where i.collection_id = c.collection_id and i.status = 'published' and i.is_deleted = false) as item_count`;

const toCollection = (actor: Actor | null, row: CollectionRow): ResourceCollection => ({
  ...row,
  can_manage: managesCollection(actor, row),
  can_upload: uploadsTo(actor, row),
});

async function visibleCollection(tx: Tx, actor: Actor | null, id: number): Promise<CollectionRow | null> {
  const result = (await tx.execute(
    sql`select ${COLUMNS} from resource_collections c where c.collection_id = ${id} and ${collectionVisibleSql(actor)}`,
  )) as unknown as { rows: CollectionRow[] };
  return result.rows[0] ?? null;
}

export async function listCollections(
  database: Database,
  actor: Actor | null,
  input: z.output<typeof collectionListQuery>,
) {
  return inScope(database.db, 'all', async (tx) => {
    const where = sql.join(
      [
        collectionVisibleSql(actor),
        input.search ? sql`c.name ilike ${`%${input.search.replace(/[\\%_]/g, '\\$&')}%`}` : sql`true`,
        input.portals ? sql`c.is_portal = ${input.portals === 'true'}` : sql`true`,
      ],
      sql` and `,
    );
    const rows = (
      (await tx.execute(
        sql`select ${COLUMNS} from resource_collections c where ${where} order by c.name, c.collection_id
          limit ${input.limit} offset ${(input.page - 1) * input.limit}`,
      )) as unknown as { rows: CollectionRow[] }
    ).rows;
    const [counted] = (
      (await tx.execute(
        sql`select count(*)::int as total from resource_collections c where ${where}`,
      )) as unknown as {
        rows: { total: number }[];
      }
    ).rows;
    const total = counted?.total ?? 0;
    return {
      data: rows.map((row) => toCollection(actor, row)),
      meta: {
        page: input.page,
        limit: input.limit,
        total,
        totalPages: Math.ceil(total / input.limit),
        totalExact: true,
      },
    };
  });
}

export async function getCollection(database: Database, actor: Actor | null, id: number) {
  return inScope(database.db, 'all', async (tx) => {
    const row = await visibleCollection(tx, actor, id);
    if (!row) throw notFound(RESOURCE_MESSAGES.collectionNotFound);
    return toCollection(actor, row);
  });
}

/** Administrators make collections and portals in their own scope (a tenant, or the platform). */
export async function createCollection(
  database: Database,
  actor: Actor,
  input: z.output<typeof collectionCreate>,
): Promise<ResourceCollection> {
  const tenantId = actor.tenantId;
  if (!administers(actor, tenantId)) throw forbidden(RESOURCE_MESSAGES.notManager);
  return inScope(database.db, tenantId ?? 'main', async (tx) => {
    const [row] = await tx
      .insert(resourceCollections)
      .values({
        ...input,
        managers: [...new Set(input.managers)],
        tenant_id: tenantId,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ id: resourceCollections.collection_id });
    return toCollection(actor, (await visibleCollection(tx, actor, row!.id))!);
  });
}

export async function updateCollection(
  database: Database,
  actor: Actor,
  id: number,
  input: z.output<typeof collectionUpdate>,
): Promise<ResourceCollection> {
  return inScope(database.db, 'all', async (tx) => {
    const row = await visibleCollection(tx, actor, id);
    if (!row) throw notFound(RESOURCE_MESSAGES.collectionNotFound);
    // Managers run their portal; only administrators change who manages it.
    if (!managesCollection(actor, row) || (input.managers && !administers(actor, row.tenant_id)))
      throw forbidden(RESOURCE_MESSAGES.notManager);
    await tx.execute(sql`update resource_collections set
      name = ${input.name ?? row.name}, description = ${input.description ?? row.description},
      is_portal = ${input.is_portal ?? row.is_portal}, requires_approval = ${input.requires_approval ?? row.requires_approval},
      upload_rights = ${input.upload_rights ?? row.upload_rights}, visibility = ${input.visibility ?? row.visibility},
      managers = ${JSON.stringify(input.managers ? [...new Set(input.managers)] : row.managers)}::jsonb,
      modified_by = ${actor.userId}, modified_at = now()
      where collection_id = ${id}`);
    return toCollection(actor, (await visibleCollection(tx, actor, id))!);
  });
}

export async function deleteCollection(database: Database, actor: Actor, id: number, userId: number) {
  if (userId !== actor.userId) throw forbidden(RESOURCE_MESSAGES.notOwnDelete);
  await inScope(database.db, 'all', async (tx) => {
    const row = await visibleCollection(tx, actor, id);
    if (!row) throw notFound(RESOURCE_MESSAGES.collectionNotFound);
    if (!administers(actor, row.tenant_id)) throw forbidden(RESOURCE_MESSAGES.notManager);
    await tx.execute(
      sql`update resource_collections set is_deleted = true, deleted_at = now(), deleted_by = ${actor.userId} where collection_id = ${id}`,
    );
  });
}
