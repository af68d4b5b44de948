import {
  type ChildProgress,
  ERROR_CODES,
  HUB_MESSAGES,
  type HubPage,
  type HubPageSummary,
  type hubByPathQuery,
  type hubCreate,
  type hubListQuery,
  type hubUpdate,
  LIST_ALL_CEILING,
  type PublishedHub,
} from '@nexus/contracts';
import { and, asc, count, eq, ilike, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../../db/errors';
import { hubPages } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { AppError, forbidden, notFound, unauthorized } from '../../http/app-error';
import { type Actor, isTenantAdmin } from '../../http/policy';
import { childrenOf } from '../identity/users';
import { programsOfLearners } from '../learning';
import { isMemberOf, mayEditHub } from './policy';

type Row = typeof hubPages.$inferSelect;
const h = hubPages;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** The router's matching: any case, a trailing slash is the same page. */
const normalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
const samePath = (path: string) => sql`lower(${h.path}) = ${normalPath(path)}`;

function summaryOf(row: Row): HubPageSummary {
  return {
    hub_id: row.hub_id,
    tenant_id: row.tenant_id,
    path: row.path,
    group: row.group,
    is_public: row.is_public,
    title: row.title,
    // jsonb keeps its keys in one canonical order, so equal definitions print equal.
    has_changes: JSON.stringify(row.draft) !== JSON.stringify(row.published),
    published_at: iso(row.published_at),
    published_by: row.published_by,
    updated_by: row.updated_by,
    updated_at: row.updated_at.toISOString(),
  };
}
const pageOf = (row: Row): HubPage => ({ ...summaryOf(row), draft: row.draft, published: row.published });

/**
 * The published version of a hub: a platform hub by its route, or a tenant's hub page by tenant and
 * slug. A tenant's page is only for its members (404 to anyone else, so it does not confirm it
 * exists); a platform hub that is not public needs a session.
 */
export async function hubByPath(
  database: Database,
  actor: Actor | null,
  query: z.infer<typeof hubByPathQuery>,
): Promise<PublishedHub> {
  const tenantId = query.tenant_id ?? null;
  if (tenantId !== null) {
    if (!actor) throw unauthorized();
    if (!isMemberOf(actor, tenantId)) throw notFound(HUB_MESSAGES.notFound);
  }
  const row = await inScope(database.db, tenantId ?? 'main', async (tx) => {
    const [found] = await tx
      .select()
      .from(h)
      .where(
        and(
          tenantId === null ? isNull(h.tenant_id) : eq(h.tenant_id, tenantId),
          samePath(query.path),
          eq(h.is_deleted, false),
          isNotNull(h.published),
        ),
      );
    return found;
  });
  if (!row?.published) throw notFound(HUB_MESSAGES.notFound);
  if (!row.is_public && !actor) throw unauthorized();
  return {
    hub_id: row.hub_id,
    tenant_id: row.tenant_id,
    path: row.path,
    group: row.group,
    is_public: row.is_public,
    definition: row.published,
    published_at: iso(row.published_at),
    editable: actor ? mayEditHub(actor, row.tenant_id) : false,
  };
}

/** The editor's list (`manage`) or a tenant's published pages (`tenant`), titles A to Z. */
export async function listHubs(database: Database, actor: Actor, query: z.infer<typeof hubListQuery>) {
  const limit = query.limit === -1 ? LIST_ALL_CEILING : query.limit;
  const conditions: SQL[] = [eq(h.is_deleted, false)];
  if (query.view === 'tenant') {
    if (actor.tenantId === null) return emptyPage(query.page, limit);
    conditions.push(eq(h.tenant_id, actor.tenantId), isNotNull(h.published));
  } else if (actor.isPlatformAdmin) {
    conditions.push(
      actor.tenantId === null
        ? isNull(h.tenant_id)
        : (sql`(${h.tenant_id} is null or ${h.tenant_id} = ${actor.tenantId})` as SQL),
    );
  } else if (actor.tenantId !== null && isTenantAdmin(actor)) {
    conditions.push(eq(h.tenant_id, actor.tenantId));
  } else {
    // Nobody else edits hubs: their list is empty, not an error (the page explains).
    return emptyPage(query.page, limit);
  }
  if (query.search?.trim())
    conditions.push(ilike(h.title, `%${query.search.trim().replace(/[%_\\]/g, '\\$&')}%`));
  const where = and(...conditions);
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const [total] = await tx.select({ n: count() }).from(h).where(where);
    const rows = await tx
      .select()
      .from(h)
      .where(where)
      .orderBy(sql`${h.tenant_id} nulls first`, asc(h.title), asc(h.hub_id))
      .limit(limit)
      .offset((query.page - 1) * limit);
    const n = total?.n ?? 0;
    return {
      data: rows.map(summaryOf),
      meta: { page: query.page, limit, total: n, totalPages: Math.ceil(n / limit), totalExact: true },
    };
  });
}

function emptyPage(page: number, limit: number) {
  return { data: [], meta: { page, limit, total: 0, totalPages: 0, totalExact: true } };
}

/** A hub the actor may edit, read inside the transaction; another tenant's is a 404. */
async function editable(tx: Tx, actor: Actor, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(h)
    .where(and(eq(h.hub_id, id), eq(h.is_deleted, false)));
  if (!row) throw notFound(HUB_MESSAGES.notFound);
  if (!mayEditHub(actor, row.tenant_id)) {
    // A platform hub is visible to everyone, so saying why is no leak; another tenant's never shows.
    if (row.tenant_id === null) throw forbidden(HUB_MESSAGES.platformOnly);
    throw notFound(HUB_MESSAGES.notFound);
  }
  return row;
}

export async function getHub(database: Database, actor: Actor, id: number): Promise<HubPage> {
  return inScope(database.db, scopeOf(actor), async (tx) => pageOf(await editable(tx, actor, id)));
}

/** A tenant admin's new hub page in its current tenant: a draft until published. */
export async function createHub(
  database: Database,
  actor: Actor,
  input: z.infer<typeof hubCreate>,
): Promise<HubPage> {
  const tenantId = actor.tenantId;
  if (tenantId === null) throw forbidden(HUB_MESSAGES.tenantOnly);
  if (!mayEditHub(actor, tenantId)) throw forbidden();
  try {
    return await inScope(database.db, tenantId, async (tx) => {
      const [row] = await tx
        .insert(h)
        .values({
          tenant_id: tenantId,
          path: input.slug,
          group: 'tenant',
          title: input.draft.title,
          draft: input.draft,
          created_by: actor.userId,
          updated_by: actor.userId,
        })
        .returning();
      return pageOf(row as Row);
    });
  } catch (error) {
    if (pgErrorOf(error)?.code === PG_UNIQUE_VIOLATION) {
      throw new AppError(ERROR_CODES.conflict, 409, HUB_MESSAGES.slugTaken, [
        { in: 'body', path: 'slug', message: HUB_MESSAGES.slugTaken },
      ]);
    }
    throw error;
  }
}

/** Saves the draft; visitors still see the published version until the hub is published. */
export async function updateHub(
  database: Database,
  actor: Actor,
  id: number,
  input: z.infer<typeof hubUpdate>,
): Promise<HubPage> {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    await editable(tx, actor, id);
    const [row] = await tx
      .update(h)
      .set({ draft: input.draft, title: input.draft.title, updated_by: actor.userId, updated_at: new Date() })
      .where(eq(h.hub_id, id))
      .returning();
    return pageOf(row as Row);
  });
}

/** Publishes the draft: visitors see it from now on. Publishing an unchanged draft changes nothing. */
export async function publishHub(database: Database, actor: Actor, id: number): Promise<HubPage> {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const current = await editable(tx, actor, id);
    const [row] = await tx
      .update(h)
      .set({
        published: sql`${h.draft}`,
        published_at: new Date(),
        published_by: actor.userId,
        updated_by: actor.userId,
        updated_at: new Date(),
      })
      .where(eq(h.hub_id, current.hub_id))
      .returning();
    return pageOf(row as Row);
  });
}

/** Deletes a tenant's own hub page (soft); the platform's hubs belong to their routes and stay. */
export async function deleteHub(database: Database, actor: Actor, id: number, userId: number) {
  if (userId !== actor.userId) throw forbidden('The user_id in the path must be your own.');
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const row = await editable(tx, actor, id);
    if (row.tenant_id === null) throw forbidden('Platform hubs belong to their pages and cannot be deleted.');
    await tx
      .update(h)
      .set({ is_deleted: true, deleted_at: new Date(), updated_by: actor.userId, updated_at: new Date() })
      .where(eq(h.hub_id, id));
    return { hub_id: id };
  });
}

/** The caller's children (identity's parent link) with their programs and progress. */
export async function myChildren(database: Database, actor: Actor): Promise<ChildProgress[]> {
  // The parent link is the permission: the child's rows live in any tenant, so this reads across them.
  return inScope(database.db, 'all', async (tx) => {
    const children = await childrenOf(tx, actor.userId);
    const programs = await programsOfLearners(
      tx,
      children.map((child) => child.user_id),
    );
    return children.map((child) => ({
      ...child,
      programs: programs
        .filter((program) => program.user_id === child.user_id)
        .map(({ user_id: _user, ...program }) => program),
    }));
  });
}
