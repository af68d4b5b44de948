/**
 * Client-side shapes of spec section 3 ("User", "Role", "Tenant"). They mirror the fields the spec
 * names; the identity issue replaces them with the zod schemas in @nexus/contracts once they exist.
 */
export interface SessionRole {
  role_id: number;
  role_name?: string;
  display_name?: string;
  role_view?: 'admin' | 'user';
  parent_user_id?: number | null;
  isCustom?: boolean;
}

export interface SessionUser {
  user_id: number;
  username: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  enabled?: boolean;
  roles: SessionRole[];
  active_role?: SessionRole | null;
  profile_image?: string | null;
  registration_redirect?: string | null;
  otpVerified?: boolean;
}

export interface SessionTenant {
  tenant_id: number;
  tenant_type: string;
  tenant_name: string;
}

export type RoleContext = 'main_platform' | 'tenant';
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
