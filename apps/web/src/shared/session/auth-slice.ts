import { DEFAULT_AUTH_PHASE, DEFAULT_ROLE_CONTEXT, MESSAGES } from '@nexus/contracts';
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoadedSession, LoadOptions } from './session-load';
import type { RequestStatus, RoleContext, SessionRole, SessionTenant, SessionUser } from './types';

/**
 * The "Auth state" of spec section 3, plus the phase of section 9 (default 'awakening'), and the
 * transitions of spec section 4: login status, session restore (rehydration), logout, active role.
 *
 * This module is part of the entry bundle (the store needs the slice), so the thunks load the HTTP
 * code on first use: the public /login page must stay within its 150 KB budget.
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
  /** Where the user's tenants stand this visit: a tenant route decides membership only once loaded. */
  tenantsStatus: RequestStatus;
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
  tenantsStatus: 'idle',
  tenantError: null,
  lastTenantRoute: null,
};

/** Why a sign-in or restore failed; `unauthenticated` is a 401 or 403 from the profile call. */
export interface SessionRejection {
  message: string;
  unauthenticated: boolean;
  status?: number;
}

function toRejection(error: unknown): SessionRejection {
  const { unauthenticated = false, status } = error as { unauthenticated?: boolean; status?: number };
  const message = error instanceof Error && error.message ? error.message : MESSAGES.requestFailed;
  return { message, unauthenticated, status };
}

async function load(options: LoadOptions | undefined): Promise<LoadedSession> {
  const { loadSession } = await import('./session-load');
  return loadSession(options);
}

/**
 * Login (spec section 4 "Login status"): after the provider's hosted page (or its popup) the browser
 * holds a session; this reads it. Status goes from idle to succeeded or failed.
 */
export const completeSignIn = createAsyncThunk<
  LoadedSession,
  LoadOptions | undefined,
  { rejectValue: SessionRejection }
>('auth/login', async (options, { rejectWithValue }) => {
  try {
    return await load(options);
  } catch (error) {
    return rejectWithValue(toRejection(error));
  }
});

/**
 * Session restore (spec section 4 "rehydration"): loading, then succeeded; a rejection is idle when
 * unauthenticated, otherwise failed. A second restore while one is loading is not started.
 */
export const restoreSession = createAsyncThunk<
  LoadedSession,
  LoadOptions | undefined,
  { rejectValue: SessionRejection }
>(
  'auth/rehydrate',
  async (options, { rejectWithValue }) => {
    try {
      return await load(options);
    } catch (error) {
      return rejectWithValue(toRejection(error));
    }
  },
  {
    condition: (_options, { getState }) =>
      (getState() as { auth: AuthState }).auth.rehydrationStatus !== 'loading',
  },
);

/**
 * Logout (spec sections 2, 7 and 8): POST /auth/logout with credentials, then the user and
 * otpVerified are cleared (`signedOut` also resets every persisted slice, see app/store.ts). A failure
 * keeps the session and rejects with 'Logout failed'.
 */
export const signOut = createAsyncThunk<void, void, { rejectValue: string }>(
  'auth/logout',
  async (_arg, { dispatch, rejectWithValue }) => {
    try {
      const { http } = await import('../api/http');
      await http.post('/auth/logout');
    } catch {
      return rejectWithValue(MESSAGES.logoutFailed);
    }
    const [{ clearReturnTo }, { clearStoredTenantContext }] = await Promise.all([
      import('./return-to'),
      import('../tenancy/tenant-storage'),
    ]);
    clearReturnTo();
    // The next person on this browser must not inherit the last tenant context (spec section 4).
    clearStoredTenantContext();
    dispatch(authSlice.actions.signedOut());
  },
);

/** The role chosen on /select-role, saved with PUT updateUser/{id} {active_role}. */
export const chooseActiveRole = createAsyncThunk<SessionRole, SessionRole, { rejectValue: string }>(
  'auth/chooseActiveRole',
  async (role, { getState, rejectWithValue }) => {
    const user = (getState() as { auth: AuthState }).auth.user;
    if (!user) return rejectWithValue(MESSAGES.userNotFound);
    const [{ saveActiveRole }, { errorMessage }] = await Promise.all([
      import('./session-load'),
      import('../api/http'),
    ]);
    try {
      await saveActiveRole(user.user_id, role.role_id);
      return role;
    } catch (error) {
      return rejectWithValue(errorMessage(error, MESSAGES.requestFailed));
    }
  },
);

function acceptSession(state: AuthState, session: LoadedSession) {
  state.user = session.user;
  state.otpVerified = session.emailVerified;
  state.isLoggedIn = true;
  state.error = null;
}

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
    /** The last route visited inside the tenant (spec section 4 "last route"); ignored outside one. */
    tenantRouteVisited(state, action: PayloadAction<string>) {
      if (state.roleContext === 'tenant') state.lastTenantRoute = action.payload;
    },
    /** GET getUserTenants/{userId} started (spec section 3 "tenantLoading"). */
    tenantsRequested(state) {
      state.tenantLoading = true;
      state.tenantsStatus = 'loading';
      state.tenantError = null;
    },
    /** The tenants the user belongs to; the tenant-access check reads them (spec section 6). */
    tenantsLoaded(state, action: PayloadAction<SessionTenant[]>) {
      state.availableTenants = action.payload;
      state.tenantLoading = false;
      state.tenantsStatus = 'succeeded';
      state.tenantError = null;
    },
    /** Spec section 8: a failed data load stores the error message in state. */
    tenantsFailed(state, action: PayloadAction<string>) {
      state.tenantLoading = false;
      state.tenantsStatus = 'failed';
      state.tenantError = action.payload;
    },
    /** An action needing a tenant found none ('No current tenant set', spec section 8). */
    tenantErrorSet(state, action: PayloadAction<string | null>) {
      state.tenantError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(completeSignIn.fulfilled, (state, action) => {
        acceptSession(state, action.payload);
        state.status = 'succeeded';
      })
      .addCase(completeSignIn.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload?.message ?? action.error.message ?? MESSAGES.requestFailed;
      })
      .addCase(restoreSession.pending, (state) => {
        state.rehydrationStatus = 'loading';
      })
      .addCase(restoreSession.fulfilled, (state, action) => {
        acceptSession(state, action.payload);
        state.rehydrationStatus = 'succeeded';
      })
      .addCase(restoreSession.rejected, (state, action) => {
        if (action.payload?.unauthenticated) {
          state.rehydrationStatus = 'idle';
          return;
        }
        state.rehydrationStatus = 'failed';
        // Spec section 8: failed data loads store the error message in state.
        state.error = action.payload?.message ?? action.error.message ?? MESSAGES.requestFailed;
      })
      .addCase(chooseActiveRole.fulfilled, (state, action) => {
        if (state.user) state.user.active_role = action.payload;
      });
  },
});

export const {
  signedIn,
  signedOut,
  phaseChanged,
  tenantContextSet,
  tenantContextCleared,
  tenantRouteVisited,
  tenantsRequested,
  tenantsLoaded,
  tenantsFailed,
  tenantErrorSet,
} = authSlice.actions;
