import { type SQL, sql } from 'drizzle-orm';
import { type Actor, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * Issue 21: anyone (signed out too) reads public published items; signed-in people read platform
 * items, their tenants' items and the items of a role they hold; authors, collection managers and
 * administrators see drafts and items waiting for review. Everything else answers 404.
 */
export const resourcePolicies = {
  read: 'public',
  signedIn: 'signedIn',
  curate: { anyOf: ['platformAdmin', 'tenantAdmin'] },
} as const satisfies Record<string, Policy>;

/** The tenants the actor holds a role in. */
export function memberTenants(actor: Actor): number[] {
  return [...new Set(actor.roles.map((role) => role.tenantId).filter((id): id is number => id !== null))];
}

/** Administers `tenantId` (null: the platform's own rows, platform admins only). */
export function administers(actor: Actor | null, tenantId: number | null): boolean {
  if (!actor) return false;
  if (actor.isPlatformAdmin) return true;
  return tenantId !== null && tenantId === actor.tenantId && isTenantAdmin(actor);
}

const ints = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** SQL over alias `i`: items the actor manages (its own, its collections', its tenant's as admin). */
export function managedSql(actor: Actor | null): SQL {
  if (!actor) return sql`false`;
  if (actor.isPlatformAdmin) return sql`true`;
  const admin =
    actor.tenantId !== null && isTenantAdmin(actor) ? sql`i.tenant_id = ${actor.tenantId}` : sql`false`;
  return sql`(i.created_by = ${actor.userId} or ${admin} or ${curatedSql(actor)})`;
}

/** SQL over alias `i`: items of a collection the actor manages. */
export function curatedSql(actor: Actor): SQL {
  return sql`(i.collection_id is not null and exists (select 1 from resource_collections c
    where c.collection_id = i.collection_id and c.managers @> ${JSON.stringify([actor.userId])}::jsonb))`;
}

/** SQL over alias `i`: published items the actor may read (whatever it manages is added by callers). */
export function readableSql(actor: Actor | null): SQL {
  const published = sql`i.status = 'published' and i.is_deleted = false`;
  if (!actor) return sql`(${published} and i.visibility = 'public')`;
  const tenants = memberTenants(actor);
  const tenantRule =
    tenants.length > 0
      ? sql`(i.visibility = 'tenant' and (i.tenant_id is null or i.tenant_id in (${ints(tenants)})))`
      : sql`(i.visibility = 'tenant' and i.tenant_id is null)`;
  const roles = actor.roles.map((role) => sql`(${role.tenantId ?? 0}, ${role.roleId})`);
  const roleRule =
    roles.length > 0
      ? sql`(i.visibility = 'role' and (coalesce(i.tenant_id, 0), i.role_id) in (${sql.join(roles, sql`, `)}))`
      : sql`false`;
  return sql`(${published} and (i.visibility in ('public', 'platform') or ${tenantRule} or ${roleRule}))`;
}

/** SQL over alias `i`: what the actor may open: readable, or managed and not deleted. */
export function visibleSql(actor: Actor | null): SQL {
  return sql`(${readableSql(actor)} or (i.is_deleted = false and ${managedSql(actor)}))`;
}

/** SQL over alias `c`: collections the actor may see. */
export function collectionVisibleSql(actor: Actor | null): SQL {
  const live = sql`c.is_deleted = false`;
  if (!actor) return sql`(${live} and c.visibility = 'public')`;
  if (actor.isPlatformAdmin) return live;
  const tenants = memberTenants(actor);
  const tenantRule =
    tenants.length > 0
      ? sql`(c.tenant_id is null or c.tenant_id in (${ints(tenants)}))`
      : sql`c.tenant_id is null`;
  return sql`(${live} and (c.visibility in ('public', 'platform') or ${tenantRule}))`;
}

export interface CollectionFacts {
  tenant_id: number | null;
  managers: number[];
  upload_rights: 'managers' | 'members';
  requires_approval: boolean;
}

/** Manages a collection: listed as its manager, or administers its tenant. */
export function managesCollection(actor: Actor | null, collection: CollectionFacts): boolean {
  if (!actor) return false;
  return collection.managers.includes(actor.userId) || administers(actor, collection.tenant_id);
}

/** May add items: a manager, or any member of its tenant when uploads are open to members. */
export function uploadsTo(actor: Actor | null, collection: CollectionFacts): boolean {
  if (!actor) return false;
  if (managesCollection(actor, collection)) return true;
  if (collection.upload_rights !== 'members') return false;
  return collection.tenant_id === null || memberTenants(actor).includes(collection.tenant_id);
}
