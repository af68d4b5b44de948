import { createTransform } from 'redux-persist';
import { type AuthState, initialAuthState } from './auth-slice';

/**
 * What of the auth slice survives a reload (spec section 4 persists `auth`): who is signed in and the
 * tenant context with its last route. Request states (status, error, rehydrationStatus) are never
 * saved: a restored 'loading' would leave the private-route guard waiting for a fetch that never runs.
 */
export const PERSISTED_AUTH_FIELDS = [
  'user',
  'otpVerified',
  'isLoggedIn',
  'currentTenant',
  'currentRole',
  'roleContext',
  'lastTenantRoute',
] as const satisfies readonly (keyof AuthState)[];

type PersistedAuth = Pick<AuthState, (typeof PERSISTED_AUTH_FIELDS)[number]>;

function pick(state: Partial<AuthState> | null | undefined): Partial<PersistedAuth> {
  const picked: Partial<Record<keyof PersistedAuth, unknown>> = {};
  if (!state || typeof state !== 'object') return picked as Partial<PersistedAuth>;
  for (const field of PERSISTED_AUTH_FIELDS) if (field in state) picked[field] = state[field];
  return picked as Partial<PersistedAuth>;
}

/**
 * Saves only PERSISTED_AUTH_FIELDS; on restore fills the rest from the initial state (the default
 * merge replaces the whole slice) and ignores anything else an older build may have saved.
 */
export const authPersistTransform = createTransform<AuthState, Partial<PersistedAuth>>(
  (inbound) => pick(inbound),
  (outbound) => ({ ...initialAuthState, ...pick(outbound as Partial<AuthState>) }),
  { whitelist: ['auth'] },
);
