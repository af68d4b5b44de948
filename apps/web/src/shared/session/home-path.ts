import { TEMP_ROLE_ID, TEMP_ROLE_NAME } from '@nexus/contracts';

/** The few role fields the landing rules read (spec section 3 "Role"). */
export interface RoleLike {
  role_id: number;
  role_name?: string;
  role_view?: string;
}

export interface SessionLike {
  isLoggedIn: boolean;
  user: { roles?: RoleLike[]; active_role?: RoleLike | null } | null;
}

/** Spec section 4: the temp role is id 19 or the name 'temp'. */
export function isTempRole(role: RoleLike): boolean {
  return role.role_id === TEMP_ROLE_ID || role.role_name === TEMP_ROLE_NAME;
}

/**
 * Target of the 404 page's 'Go to Homepage' link (spec section 2): /login when signed out,
 * /account for the temp role, /admin-center for an admin role view, otherwise /user/home.
 * The role read is the active one, else the first (spec section 4); a user with no role at all
 * counts as temp, since spec section 4 gives role-less users the temp role.
 */
export function homePath(session: SessionLike): string {
  if (!session.isLoggedIn || !session.user) return '/login';
  const role = session.user.active_role ?? session.user.roles?.[0];
  if (!role || isTempRole(role)) return '/account';
  if (role.role_view === 'admin') return '/admin-center';
  return '/user/home';
}
