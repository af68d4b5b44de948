import { DEFAULT_AUTH_PHASE, DEFAULT_ROLE_CONTEXT } from '@nexus/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RequestStatus, RoleContext, SessionRole, SessionTenant, SessionUser } from './types';

/**
 * The "Auth state" of spec section 3, plus the phase of section 9 (default 'awakening').
 * Sign-in, rehydration and landing (spec section 4) arrive with the identity issue as thunks that
 * drive `status` and `rehydrationStatus`; the reducers here are the plain setters they will use.
 */
export interface AuthState {
  user: SessionUser | null;
  otpVerified: boolean;
  isLoggedIn: boolean;
  status: RequestStatus;
  error: string | null;
  rehydrationStatus: RequestStatus;
  phase: string;
  currentTenant: SessionTenant | null;
  availableTenants: SessionTenant[];
  currentRole: SessionRole | null;
  roleContext: RoleContext;
  tenantPermissions: Record<string, unknown>;
  tenantLoading: boolean;
  tenantError: string | null;
  lastTenantRoute: string | null;
}

export const initialAuthState: AuthState = {
  user: null,
  otpVerified: false,
  isLoggedIn: false,
  status: 'idle',
  error: null,
  rehydrationStatus: 'idle',
  phase: DEFAULT_AUTH_PHASE,
  currentTenant: null,
  availableTenants: [],
  currentRole: null,
  roleContext: DEFAULT_ROLE_CONTEXT,
  tenantPermissions: {},
  tenantLoading: false,
  tenantError: null,
  lastTenantRoute: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Spec section 4: after login the user is logged in and otpVerified takes the email-verified flag. */
    signedIn(state, action: PayloadAction<{ user: SessionUser; emailVerified: boolean }>) {
      state.user = action.payload.user;
      state.otpVerified = action.payload.emailVerified;
      state.isLoggedIn = true;
      state.status = 'succeeded';
      state.error = null;
    },
    /** Spec section 4: logout clears the user and otpVerified. */
    signedOut(state) {
      state.user = null;
      state.otpVerified = false;
      state.isLoggedIn = false;
      state.status = 'idle';
      state.error = null;
    },
    phaseChanged(state, action: PayloadAction<string>) {
      state.phase = action.payload;
    },
    /** Spec section 4: setting tenant context stores the tenant and role. */
    tenantContextSet(
      state,
      action: PayloadAction<{ tenant: SessionTenant; role: SessionRole; route?: string | null }>,
    ) {
      state.currentTenant = action.payload.tenant;
      state.currentRole = action.payload.role;
      state.roleContext = 'tenant';
      state.lastTenantRoute = action.payload.route ?? state.lastTenantRoute;
    },
    /** Spec section 4: clearing removes the tenant and returns to main_platform. */
    tenantContextCleared(state) {
      state.currentTenant = null;
      state.currentRole = null;
      state.roleContext = DEFAULT_ROLE_CONTEXT;
      state.lastTenantRoute = null;
    },
  },
});

export const { signedIn, signedOut, phaseChanged, tenantContextSet, tenantContextCleared } =
  authSlice.actions;
