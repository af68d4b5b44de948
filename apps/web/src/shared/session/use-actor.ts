import { useSelector } from 'react-redux';
import type { AuthState } from './auth-slice';

/** Typed over the auth slice only, so shared code needs nothing from the app layer's store. */
const useSessionSelector = useSelector.withTypes<{ auth: AuthState }>();

/** The signed-in user's id, stamped on created_by, modified_by and delete paths (spec section 3). */
export function useActorId(): number {
  return useSessionSelector((state) => state.auth.user?.user_id ?? 0);
}

/** The seeded platform admin role (role 1, spec section 4). The server decides; this only hides what it would refuse. */
export const PLATFORM_ADMIN_ROLE_ID = 1;

export function holdsPlatformAdminRole(roles: { role_id: number; tenant_id?: number | null }[]): boolean {
  return roles.some((role) => role.role_id === PLATFORM_ADMIN_ROLE_ID && !role.tenant_id);
}

/** Whether the session holds the platform admin role: only platform admins may disable accounts. */
export function usePlatformAdmin(): boolean {
  return useSessionSelector((state) => holdsPlatformAdminRole(state.auth.user?.roles ?? []));
}
