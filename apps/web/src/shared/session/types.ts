import type { User, UserRole } from '@nexus/contracts';

/**
 * Client-side shapes of spec section 3 ("User", "Role", "Tenant"), typed after the contracts so what
 * the user service returns fits without conversion. Most fields are optional: the session keeps what
 * it was given, and tests build users with only the fields they read.
 */
export type SessionRole = Pick<UserRole, 'role_id'> & Partial<Omit<UserRole, 'role_id'>>;

export type SessionUser = Pick<User, 'user_id' | 'username'> &
  Partial<Omit<User, 'user_id' | 'username' | 'roles' | 'active_role'>> & {
    roles: SessionRole[];
    active_role?: SessionRole | null;
  };

export interface SessionTenant {
  tenant_id: number;
  tenant_type: string;
  tenant_name: string;
}

export type RoleContext = 'main_platform' | 'tenant';
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
