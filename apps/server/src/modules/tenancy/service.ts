import {
  type createTenantBody,
  type FilterFields,
  LIST_ALL_CEILING,
  PLANS,
  type PlanName,
  TENANT_MESSAGES,
  type TenantPublic,
  type UserTenant,
  type updateTenantBody,
} from '@nexus/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { roles, tenantSubscriptions, tenants, userRoles } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, badRequest, codeForStatus, forbidden, notFound } from '../../http/app-error';
import { recordAudit } from '../../http/audit';
import type { Actor } from '../../http/policy';
import { ColumnCatalog } from '../../http/query-columns';
import { grantRole, refreshUserUsage } from '../access';

/** The system role a tenant's creator receives in it (seed data: tenant-admin). */
export const TENANT_ADMIN_ROLE_ID = 2;
/** Told to the creator with the new tenant, so the client can enter it as its admin at once. */
const CREATOR_ROLE = {
  role_id: TENANT_ADMIN_ROLE_ID,
  role_name: 'tenant-admin',
  role_view: 'admin',
} as const;

type TenantRow = typeof tenants.$inferSelect;
type CreateTenant = z.output<typeof createTenantBody>;
type UpdateTenant = z.output<typeof updateTenantBody>;

/** The whole row as platform admins and members see it. */
export interface TenantOut {
  tenant_id: number;
  tenant_type: string;
  tenant_name: string;
  created_by: number | null;
  modified_by: number | null;
  created_at: string;
  modified_at: string;
  /** When a platform administrator suspended it; null while it is open. */
  suspended_at: string | null;
}

export function tenantOut(row: TenantRow): TenantOut {
  return {
    tenant_id: row.tenant_id,
    tenant_type: row.tenant_type,
    tenant_name: row.tenant_name,
    created_by: row.created_by,
    modified_by: row.modified_by,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at.toISOString(),
    suspended_at: row.suspended_at ? row.suspended_at.toISOString() : null,
  };
}

export function tenantPublicOut(
  row: Pick<TenantRow, 'tenant_id' | 'tenant_type' | 'tenant_name'>,
): TenantPublic {
  return { tenant_id: row.tenant_id, tenant_type: row.tenant_type, tenant_name: row.tenant_name };
}

/** Whether the actor holds a role in the tenant (a platform admin is in every tenant). */
export function belongsTo(actor: Actor, tenantId: number): boolean {
  return actor.isPlatformAdmin || actor.roles.some((role) => role.tenantId === tenantId);
}

/** Whether the actor administers the tenant, wherever they are acting from. */
export function administers(actor: Actor, tenantId: number): boolean {
  return (
    actor.isPlatformAdmin ||
    actor.roles.some((role) => role.tenantId === tenantId && role.roleView === 'admin')
  );
}

const conflict = (message: string) => new AppError(codeForStatus(409), 409, message);

async function liveTenant(db: DbOrTx, tenantId: number): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.tenant_id, tenantId), eq(tenants.is_deleted, false)));
  return row;
}

/** getTenant/{id}: members and platform admins; anyone else learns nothing (404). */
export async function getTenant(db: Db, actor: Actor, tenantId: number): Promise<TenantOut> {
  const row = belongsTo(actor, tenantId) ? await liveTenant(db, tenantId) : undefined;
  if (!row) throw notFound(TENANT_MESSAGES.notFound);
  return tenantOut(row);
}

/** getUserTenants/{userId}: the live tenants where the user holds a live role, with those roles. */
export async function getUserTenants(db: Db, actor: Actor, userId: number): Promise<UserTenant[]> {
  if (!actor.isPlatformAdmin && actor.userId !== userId) throw forbidden(TENANT_MESSAGES.otherUser);
  const rows = await db
    .select({
      tenant_id: tenants.tenant_id,
      tenant_type: tenants.tenant_type,
      tenant_name: tenants.tenant_name,
      role_id: roles.role_id,
      role_name: roles.role_name,
      display_name: roles.display_name,
      role_view: roles.role_view,
    })
    .from(userRoles)
    .innerJoin(tenants, eq(tenants.tenant_id, userRoles.tenant_id))
    .innerJoin(roles, eq(roles.role_id, userRoles.role_id))
    .where(
      and(
        eq(userRoles.user_id, userId),
        eq(userRoles.is_deleted, false),
        eq(tenants.is_deleted, false),
        eq(roles.is_deleted, false),
      ),
    )
    .orderBy(asc(tenants.tenant_name), asc(roles.role_id));
  const byTenant = new Map<number, UserTenant>();
  for (const row of rows) {
    let entry = byTenant.get(row.tenant_id);
    if (!entry) {
      entry = { ...tenantPublicOut(row), roles: [] };
      byTenant.set(row.tenant_id, entry);
    }
    entry.roles.push({
      role_id: row.role_id,
      role_name: row.role_name,
      display_name: row.display_name,
      role_view: row.role_view,
    });
  }
  return [...byTenant.values()];
}

/** Columns a tenant list may filter on; others are a 400 naming filterFields. */
const publicCatalog = new ColumnCatalog(
  { tenant_id: tenants.tenant_id, tenant_type: tenants.tenant_type, tenant_name: tenants.tenant_name },
  ['tenant_name'],
);
const adminCatalog = new ColumnCatalog(
  {
    tenant_id: tenants.tenant_id,
    tenant_type: tenants.tenant_type,
    tenant_name: tenants.tenant_name,
    created_by: tenants.created_by,
    modified_by: tenants.modified_by,
  },
  ['tenant_name'],
);

export interface TenantListQuery {
  page: number;
  limit: number;
  filterFields?: FilterFields;
}

/**
 * getAll and getTenantsByType: every live tenant, public fields for everyone signed in (so
 * /search-institute works), whole rows for platform admins.
 */
export async function listTenants(db: Db, actor: Actor, query: TenantListQuery, type?: string) {
  const catalog = actor.isPlatformAdmin ? adminCatalog : publicCatalog;
  const where = and(
    eq(tenants.is_deleted, false),
    type === undefined ? undefined : eq(tenants.tenant_type, type),
    catalog.filter(query.filterFields),
  );
  const limit = query.limit === -1 ? LIST_ALL_CEILING : query.limit;
  const offset = query.limit === -1 ? 0 : (query.page - 1) * query.limit;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(asc(tenants.tenant_name), asc(tenants.tenant_id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(tenants).where(where),
  ]);
  const total = counted?.total ?? 0;
  const data = rows.map((row) => (actor.isPlatformAdmin ? tenantOut(row) : tenantPublicOut(row)));
  const pageSize = query.limit === -1 ? Math.max(total, 1) : query.limit;
  return {
    data,
    meta: {
      page: query.limit === -1 ? 1 : query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / pageSize),
    },
  };
}

/**
 * The creator becomes the tenant's admin and the tenant gets a free-plan subscription, in the
 * caller's transaction.
 */
async function provision(tx: DbOrTx, actor: Actor, tenantId: number, plan: PlanName): Promise<void> {
  // Creating an organisation is the one road by which someone becomes its administrator themselves.
  await grantRole(tx, {
    userId: actor.userId,
    roleId: TENANT_ADMIN_ROLE_ID,
    tenantId,
    grantedBy: actor.userId,
  });
  await inScope(tx, tenantId, (scoped) =>
    scoped.insert(tenantSubscriptions).values({
      tenant_id: tenantId,
      plan,
      status: 'active',
      limits: { ...PLANS[plan] },
      current_usage: { users: 0, storage_gb: 0, api_calls: 0 },
      created_by: actor.userId,
      modified_by: actor.userId,
    }),
  );
  await refreshUserUsage(tx, tenantId);
}

async function existing(db: DbOrTx, body: CreateTenant): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.tenant_type, body.tenant_type), eq(tenants.tenant_name, body.tenant_name)));
  return row;
}

/** createTenant: 409 when the type and name are taken (even by a removed tenant). */
export async function createTenant(
  db: Db,
  actor: Actor,
  body: CreateTenant,
): Promise<TenantOut & { role: typeof CREATOR_ROLE }> {
  const result = await createIfAbsent(db, actor, body);
  if (!result.created)
    throw conflict(result.row.is_deleted ? TENANT_MESSAGES.removed : TENANT_MESSAGES.exists);
  return { ...tenantOut(result.row), role: CREATOR_ROLE };
}

async function createIfAbsent(
  db: Db,
  actor: Actor,
  body: CreateTenant,
): Promise<{ created: boolean; row: TenantRow }> {
  const plan = body.plan ?? 'free';
  // Anyone may found an organisation on the free plan; a paid one is the platform's decision.
  if (plan !== 'free' && !actor.isPlatformAdmin) {
    throw new AppError(codeForStatus(403), 403, TENANT_MESSAGES.planForAdmins, [
      { in: 'body', path: 'plan', message: TENANT_MESSAGES.planForAdmins },
    ]);
  }
  return db.transaction(async (tx) => {
    // ON CONFLICT DO NOTHING waits for a concurrent insert of the same key and then yields nothing,
    // so racing callers create one row and none of them fails.
    const [inserted] = await tx
      .insert(tenants)
      .values({
        tenant_type: body.tenant_type,
        tenant_name: body.tenant_name,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .onConflictDoNothing({ target: [tenants.tenant_type, tenants.tenant_name] })
      .returning();
    if (inserted) {
      await provision(tx, actor, inserted.tenant_id, plan);
      await inScope(tx, inserted.tenant_id, (scoped) =>
        recordAudit(scoped, actor, {
          action: 'create',
          entity: 'tenants',
          ids: [inserted.tenant_id],
          tenantId: inserted.tenant_id,
          details: { label: inserted.tenant_name },
        }),
      );
      return { created: true, row: inserted };
    }
    const row = await existing(tx, body);
    if (!row) throw new Error('Tenant vanished between conflict and read');
    return { created: false, row };
  });
}

/**
 * createTenantIfNotExists: creates (201) or answers the existing tenant (200): the whole row to its
 * members and platform admins, the public fields to anyone else. A removed tenant is a 409.
 */
export async function createTenantIfNotExists(
  db: Db,
  actor: Actor,
  body: CreateTenant,
): Promise<{
  created: boolean;
  data: TenantOut | (TenantOut & { role: typeof CREATOR_ROLE }) | TenantPublic;
}> {
  const { created, row } = await createIfAbsent(db, actor, body);
  if (row.is_deleted) throw conflict(TENANT_MESSAGES.removed);
  if (created) return { created, data: { ...tenantOut(row), role: CREATOR_ROLE } };
  if (belongsTo(actor, row.tenant_id)) return { created, data: tenantOut(row) };
  return { created, data: tenantPublicOut(row) };
}

/** updateTenant/{id}: its tenant admins and platform admins; non-members get a 404. */
export async function updateTenant(
  db: Db,
  actor: Actor,
  tenantId: number,
  body: UpdateTenant,
): Promise<TenantOut> {
  if (!belongsTo(actor, tenantId)) throw notFound(TENANT_MESSAGES.notFound);
  if (!administers(actor, tenantId)) throw forbidden();
  const set: Partial<typeof tenants.$inferInsert> = { modified_by: actor.userId, modified_at: new Date() };
  if (body.tenant_type !== undefined) set.tenant_type = body.tenant_type;
  if (body.tenant_name !== undefined) set.tenant_name = body.tenant_name;
  return db.transaction(async (tx) => {
    const current = await liveTenant(tx, tenantId);
    if (!current) throw notFound(TENANT_MESSAGES.notFound);
    const clash = await existing(tx, {
      tenant_type: set.tenant_type ?? current.tenant_type,
      tenant_name: set.tenant_name ?? current.tenant_name,
    });
    if (clash && clash.tenant_id !== tenantId) throw conflict(TENANT_MESSAGES.exists);
    const [row] = await tx.update(tenants).set(set).where(eq(tenants.tenant_id, tenantId)).returning();
    await inScope(tx, tenantId, (scoped) =>
      recordAudit(scoped, actor, {
        action: 'update',
        entity: 'tenants',
        ids: [tenantId],
        tenantId,
        details: {
          fields: Object.keys(body)
            .filter((key) => key.startsWith('tenant_'))
            .sort(),
          label: row!.tenant_name,
        },
      }),
    );
    return tenantOut(row!);
  });
}

/** deleteTenant/{id}/{userId}: platform admins, naming themselves; a soft delete. */
export async function deleteTenant(
  db: Db,
  actor: Actor,
  tenantId: number,
  userId: number,
): Promise<TenantOut> {
  if (userId !== actor.userId) {
    throw badRequest(TENANT_MESSAGES.deleteSelfOnly, [
      { in: 'params', path: 'userId', message: TENANT_MESSAGES.deleteSelfOnly },
    ]);
  }
  const row = await inScope(db, tenantId, async (tx) => {
    const [removed] = await tx
      .update(tenants)
      .set({ is_deleted: true, deleted_at: sql`now()`, deleted_by: actor.userId, modified_by: actor.userId })
      .where(and(eq(tenants.tenant_id, tenantId), eq(tenants.is_deleted, false)))
      .returning();
    if (!removed) throw notFound(TENANT_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'tenants',
      ids: [tenantId],
      tenantId,
      details: { label: removed.tenant_name },
    });
    return removed;
  });
  return tenantOut(row);
}

/**
 * suspendTenant/{id} and resumeTenant/{id} (platform admins): while suspended, every call its members
 * make in its context is refused (the meter's hook), so nobody acts in it until it is resumed.
 */
export async function setTenantSuspended(
  db: Db,
  actor: Actor,
  tenantId: number,
  suspended: boolean,
): Promise<TenantOut> {
  return inScope(db, tenantId, async (tx) => {
    const current = await liveTenant(tx, tenantId);
    if (!current) throw notFound(TENANT_MESSAGES.notFound);
    if (suspended === (current.suspended_at !== null)) {
      throw conflict(suspended ? TENANT_MESSAGES.alreadySuspended : TENANT_MESSAGES.notSuspended);
    }
    const [row] = await tx
      .update(tenants)
      .set({
        suspended_at: suspended ? new Date() : null,
        suspended_by: suspended ? actor.userId : null,
        modified_by: actor.userId,
        modified_at: new Date(),
      })
      .where(eq(tenants.tenant_id, tenantId))
      .returning();
    await recordAudit(tx, actor, {
      action: suspended ? 'suspend' : 'resume',
      entity: 'tenants',
      ids: [tenantId],
      tenantId,
      details: { label: row!.tenant_name },
    });
    return tenantOut(row!);
  });
}
