import { TEMP_ROLE_DISPLAY_NAME, TEMP_ROLE_ID, TEMP_ROLE_NAME } from '@nexus/contracts';

/** The few role fields the landing rules read (spec section 3 "Role"). */
export interface RoleLike {
  role_id: number;
  role_name?: string;
  role_view?: string;
  tenant_id?: number | null;
}

export interface SessionLike {
  isLoggedIn: boolean;
  user: { roles?: RoleLike[]; active_role?: RoleLike | null } | null;
}

/** The tenant fields a tenant route is built from (spec section 2, `/t/{tenant_type}/{tenant_name}/...`). */
export interface TenantLike {
  tenant_type: string;
  tenant_name: string;
}

/** Spec section 4: "A user with no roles gets the role temp" (id 19, name temp, shown as Temp). */
export const TEMP_ROLE = {
  role_id: TEMP_ROLE_ID,
  role_name: TEMP_ROLE_NAME,
  display_name: TEMP_ROLE_DISPLAY_NAME,
  role_view: 'user',
} as const;

/** Spec section 4: the temp role is id 19 or the name 'temp'. */
export function isTempRole(role: RoleLike): boolean {
  return role.role_id === TEMP_ROLE_ID || role.role_name === TEMP_ROLE_NAME;
}

/** Spec section 4 "Role": the active role, else the first role, else none. */
export function currentRoleOf(user: SessionLike['user']): RoleLike | undefined {
  return user?.active_role ?? user?.roles?.[0];
}

/** The session's role is temp: a temp role is active, or there is no role at all (spec section 4). */
export function hasTempRole(user: SessionLike['user']): boolean {
  const role = currentRoleOf(user);
  return !role || isTempRole(role);
}

/** Spec section 4: an admin role view lands on /admin-center, any other on /user/home. */
export function roleHomePath(role: RoleLike): string {
  return role.role_view === 'admin' ? '/admin-center' : '/user/home';
}

/** Spec section 4: "Inside a tenant, a role whose view is admin lands at .../admin-center; otherwise .../user/home". */
export function tenantHomePath(tenant: TenantLike, role: RoleLike): string {
  const base = `/t/${encodeURIComponent(tenant.tenant_type)}/${encodeURIComponent(tenant.tenant_name)}`;
  return role.role_view === 'admin' ? `${base}/admin-center` : `${base}/user/home`;
}

/**
 * A path on this site, or undefined. Guards every stored or server-given destination (return-to path,
 * registration_redirect) against open redirects: `//evil.example` and `/\evil.example` are other hosts.
 */
export function internalPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

/**
 * Target of the 404 page's 'Go to Homepage' link (spec section 2): /login when signed out,
 * /account for the temp role, /admin-center for an admin role view, otherwise /user/home.
 * The role read is the active one, else the first (spec section 4); a user with no role at all
 * counts as temp, since spec section 4 gives role-less users the temp role.
 */
export function homePath(session: SessionLike): string {
  if (!session.isLoggedIn || !session.user) return '/login';
  const role = currentRoleOf(session.user);
  if (!role || isTempRole(role)) return '/account';
  return roleHomePath(role);
}

export interface LandingInput {
  /** The return-to path saved for this browser session (spec section 4), if any. */
  returnTo?: string | null;
  user: {
    roles?: RoleLike[];
    /** The active role as stored for the user, before the first-role default is applied. */
    active_role?: RoleLike | null;
    registration_redirect?: string | null;
  };
  /** The stored tenant context (spec section 4 "Role context"). */
  currentTenant?: TenantLike | null;
  currentRole?: RoleLike | null;
}

/**
 * Where a person lands after sign-in, by the rules of spec section 4 in their exact order:
 * 1. a return-to path saved for the session;
 * 2. the temp role (id 19 or name temp; also a user with no roles): the registration redirect, else /onboarding;
 * 3. a stored tenant and role: the tenant admin-center for an admin view, else the tenant user home;
 * 4. an active role: /admin-center for an admin view, else /user/home;
 * 5. exactly one role: the same rule for it;
 * 6. otherwise /select-role.
 */
export function landingPath({ returnTo, user, currentTenant, currentRole }: LandingInput): string {
  const saved = internalPath(returnTo);
  if (saved) return saved;
  const roles = user.roles ?? [];
  const active = user.active_role ?? null;
  const tempByActive = active !== null && isTempRole(active);
  const tempByRoles =
    active === null && (roles.length === 0 || (roles.length === 1 && isTempRole(roles[0]!)));
  if (tempByActive || tempByRoles) return internalPath(user.registration_redirect) ?? '/onboarding';
  if (currentTenant && currentRole) return tenantHomePath(currentTenant, currentRole);
  if (active) return roleHomePath(active);
  if (roles.length === 1) return roleHomePath(roles[0]!);
  return '/select-role';
}
