import { type SQL, sql } from 'drizzle-orm';
import { announcements, userRoles, users } from '../../db/schema';
import type { Actor } from '../../http/policy';

const list = (values: readonly number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Who an announcement reaches (the same rule the notifications fan-out applies to the
 * `announcement.published` payload): a platform one everyone, a tenant's every member (a live role
 * there), and with `role_id` only holders of that role in that scope (any scope for a platform one).
 * Built from the session's roles, never from the request.
 */
export function audienceIncludes(actor: Actor): SQL {
  const tenants = new Set<number>();
  for (const role of actor.roles) if (role.tenantId !== null) tenants.add(role.tenantId);
  if (actor.tenantId !== null) tenants.add(actor.tenantId);
  const a = announcements;
  const tenantPart =
    tenants.size > 0
      ? sql`(${a.tenant_id} is null or ${a.tenant_id} in (${list([...tenants])}))`
      : sql`${a.tenant_id} is null`;
  const roleIds = [...new Set(actor.roles.map((role) => role.roleId))];
  const held = actor.roles
    .filter((role) => role.tenantId !== null)
    .map((role) => sql`(${a.tenant_id} = ${role.tenantId} and ${a.role_id} = ${role.roleId})`);
  const roleParts = [sql`${a.role_id} is null`];
  if (roleIds.length > 0)
    roleParts.push(sql`(${a.tenant_id} is null and ${a.role_id} in (${list(roleIds)}))`);
  roleParts.push(...held);
  return sql`(${tenantPart} and (${sql.join(roleParts, sql` or `)}))`;
}

/** Published, not expired, not deleted and addressed to the actor: what its feed shows. */
export function visibleTo(actor: Actor): SQL {
  const a = announcements;
  return sql`(${a.is_deleted} = false and ${a.status} = 'published'
    and (${a.expires_at} is null or ${a.expires_at} > now()) and ${audienceIncludes(actor)})`;
}

/**
 * What the actor may edit: the rows of its current context (the platform's on the main platform, a
 * tenant's inside it), as the factory's soft delete scopes them; the route policy has already asked
 * for an administrator.
 */
export function editableBy(actor: Actor): SQL {
  const a = announcements;
  const scope =
    actor.tenantId === null ? sql`${a.tenant_id} is null` : sql`${a.tenant_id} = ${actor.tenantId}`;
  return sql`(${a.is_deleted} = false and ${scope})`;
}

/**
 * The user ids an announcement reaches, as a `select user_id` for the notifications fan-out of
 * `announcement.published` (its payload's tenant_id and role_id): the same rule as audienceIncludes,
 * over live roles of enabled, undeleted users. Run it under the 'all' row-level-security scope.
 */
export function audienceUserIds(audience: { tenant_id: number | null; role_id: number | null }): SQL {
  const live = sql`u.is_deleted = false and u.enabled = true`;
  if (audience.tenant_id === null && audience.role_id === null) {
    return sql`select u.user_id from ${users} u where ${live}`;
  }
  const conditions = [sql`r.is_deleted = false`];
  if (audience.tenant_id !== null) conditions.push(sql`r.tenant_id = ${audience.tenant_id}`);
  if (audience.role_id !== null) conditions.push(sql`r.role_id = ${audience.role_id}`);
  return sql`select distinct u.user_id from ${users} u join ${userRoles} r on r.user_id = u.user_id
    where ${live} and ${sql.join(conditions, sql` and `)}`;
}
