import { useAppSelector } from '../../app/store';

/** The signed-in user's id, stamped on created_by, modified_by and delete paths (spec section 3). */
export function useActorId(): number {
  return useAppSelector((state) => state.auth.user?.user_id ?? 0);
}

/** The seeded platform admin role (role 1, spec section 4). The server decides; this only hides what it would refuse. */
export const PLATFORM_ADMIN_ROLE_ID = 1;

export function holdsPlatformAdminRole(roles: { role_id: number; tenant_id?: number | null }[]): boolean {
  return roles.some((role) => role.role_id === PLATFORM_ADMIN_ROLE_ID && !role.tenant_id);
}

/** Whether the session holds the platform admin role: only platform admins may disable accounts. */
export function usePlatformAdmin(): boolean {
  return useAppSelector((state) => holdsPlatformAdminRole(state.auth.user?.roles ?? []));
}
