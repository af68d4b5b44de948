import { SELF_UPDATABLE_FIELDS } from '@nexus/contracts';
import { type Actor, isTenantAdmin, type Policy } from '../../../http/policy';

/**
 * Route policies of the user service. Reads and self-service writes need a session and are narrowed
 * per record by `userAccess`; account administration (create others, disable, delete, search) needs a
 * platform administrator.
 */
export const USER_POLICIES = {
  signedIn: 'signedIn',
  platformAdmin: 'platformAdmin',
} as const satisfies Record<string, Policy>;

/** The factory's verbs on global-user/users: the list is scoped to the caller's own row for non-admins. */
export const usersResourcePolicies = {
  read: 'signedIn',
  write: 'platformAdmin',
} as const satisfies { read: Policy; write: Policy };

/** A platform admin sees every row of the generic list; everyone else only their own. */
export function listsEveryUser(actor: Actor): boolean {
  return actor.isPlatformAdmin;
}

/** What the caller may do to one user record. */
export interface UserAccess {
  /** The caller is that user. */
  self: boolean;
  platformAdmin: boolean;
  /** The tenant whose roles the caller administers for this user (a tenant admin in that tenant). */
  tenantId: number | null;
}

/** The tenant a non-platform caller administers in their current context, if any. */
export function administeredTenant(actor: Actor): number | null {
  return !actor.isPlatformAdmin && actor.tenantId !== null && isTenantAdmin(actor) ? actor.tenantId : null;
}

/**
 * Access to a target user from the tenants the target holds roles in. Null means the caller may not see
 * the record: the service answers 403 for a plain member (decided before any lookup, so it confirms
 * nothing) and 404 for a tenant admin whose tenant the user is not in (DESIGN section 4).
 */
export function userAccess(
  actor: Actor,
  targetId: number,
  targetTenants: readonly (number | null | undefined)[],
): UserAccess | null {
  const self = targetId === actor.userId;
  if (actor.isPlatformAdmin) return { self, platformAdmin: true, tenantId: actor.tenantId };
  const tenant = administeredTenant(actor);
  const inTenant = tenant !== null && targetTenants.includes(tenant);
  if (!self && !inTenant) return null;
  return { self, platformAdmin: false, tenantId: inTenant ? tenant : null };
}

/**
 * The body fields this access may not change. A person changes their own profile fields and active
 * role; roles, enabled and roll_number are an administrator's (a tenant admin: roles in their tenant).
 */
export function refusedFields(access: UserAccess, fields: readonly string[]): string[] {
  if (access.platformAdmin) return [];
  const allowed = new Set<string>();
  if (access.self) for (const field of SELF_UPDATABLE_FIELDS) allowed.add(field);
  if (access.tenantId !== null) allowed.add('roles');
  return fields.filter((field) => !allowed.has(field));
}

/**
 * Which user_roles scopes (tenant id, or null for the main platform) a roles list replaces: the
 * caller's context always, plus, for a platform admin, every tenant the list names.
 */
export function roleScopes(
  access: UserAccess,
  actor: Actor,
  named: readonly (number | null)[],
): Set<number | null> | { outside: number | null } {
  const context = access.platformAdmin ? actor.tenantId : access.tenantId;
  const scopes = new Set<number | null>([context]);
  for (const tenant of named) {
    if (tenant === context) continue;
    if (!access.platformAdmin) return { outside: tenant };
    scopes.add(tenant);
  }
  return scopes;
}

/**
 * What a tenant administrator sees of a member (issue 14 item 1): what membership needs, never the
 * member's private profile fields (email, phone, age, gender, ...) or roles held elsewhere.
 */
export const MEMBER_VIEW_FIELDS = ['user_id', 'username', 'firstName', 'lastName', 'enabled'] as const;

/** The list columns a caller may read: a tenant administrator only the member view. */
export function readableUserFields(actor: Actor): readonly string[] | undefined {
  return administeredTenant(actor) === null ? undefined : MEMBER_VIEW_FIELDS;
}
