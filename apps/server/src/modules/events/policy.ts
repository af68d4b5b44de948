import { EVENT_MESSAGES, EVENT_ORGANISER_PRIVILEGE } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { forbidden } from '../../http/app-error';
import { type Actor, hasPrivilege, isTenantAdmin, type Policy } from '../../http/policy';

/**
 * Issue 17 point 1: anyone (signed out too) reads public events; organisers are platform admins,
 * tenant admins for their tenant, and holders of the organiser privilege inside their tenant.
 */
export const eventPolicies = {
  read: 'public',
  signedIn: 'signedIn',
  organise: { anyOf: ['platformAdmin', 'tenantAdmin', { privilege: EVENT_ORGANISER_PRIVILEGE }] },
} as const satisfies Record<string, Policy>;

/** True when the actor organises events of `tenantId` (null: the platform's, admins only). */
export function organises(actor: Actor | null, tenantId: number | null): boolean {
  if (!actor) return false;
  if (actor.isPlatformAdmin) return true;
  if (tenantId === null || tenantId !== actor.tenantId) return false;
  return isTenantAdmin(actor) || hasPrivilege(actor, EVENT_ORGANISER_PRIVILEGE);
}

/** The tenant of a new event: the body's, else the caller's context; never one it does not organise. */
export function organiserTenant(actor: Actor, requested: number | null | undefined): number | null {
  const tenantId = requested === undefined ? actor.tenantId : requested;
  if (!organises(actor, tenantId)) throw forbidden(EVENT_MESSAGES.otherTenant);
  return tenantId;
}

/** The tenants the actor belongs to (holds a role in). */
export function memberTenants(actor: Actor): number[] {
  return [...new Set(actor.roles.map((role) => role.tenantId).filter((id): id is number => id !== null))];
}

const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** SQL over alias `e`: the events the actor organises (drafts included). */
export function organisedSql(actor: Actor | null): SQL {
  if (!actor) return sql`false`;
  if (actor.isPlatformAdmin) return sql`true`;
  if (actor.tenantId === null || !organises(actor, actor.tenantId)) return sql`false`;
  return sql`e.tenant_id = ${actor.tenantId}`;
}

/** SQL over alias `e`: published events the actor may see, or any it organises. */
export function visibleSql(actor: Actor | null): SQL {
  const published = sql`e.status = 'published'`;
  if (!actor) return sql`(${published} and e.visibility = 'public')`;
  const tenants = memberTenants(actor);
  const tenantRule =
    tenants.length > 0
      ? sql`(e.visibility = 'tenant' and (e.tenant_id is null or e.tenant_id in (${list(tenants)})))`
      : sql`(e.visibility = 'tenant' and e.tenant_id is null)`;
  return sql`((${published} and (e.visibility in ('public', 'platform') or ${tenantRule})) or ${organisedSql(actor)})`;
}

/**
 * `visibleSql` for an event row already read, for callers answered together from one read of it
 * (registrations). The same rule; policy.test.ts holds the two to the same answers.
 */
export function visibleTo(
  event: { status: string; visibility: string; tenant_id: number | null },
  actor: Actor | null,
): boolean {
  const published = event.status === 'published';
  if (!actor) return published && event.visibility === 'public';
  if (published && (event.visibility === 'public' || event.visibility === 'platform')) return true;
  if (
    published &&
    event.visibility === 'tenant' &&
    (event.tenant_id === null || memberTenants(actor).includes(event.tenant_id))
  )
    return true;
  if (actor.isPlatformAdmin) return true;
  if (actor.tenantId === null || !organises(actor, actor.tenantId)) return false;
  return event.tenant_id === actor.tenantId;
}
