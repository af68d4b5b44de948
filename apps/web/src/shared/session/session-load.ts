import { TEMP_ROLE_ID } from '@nexus/contracts';
import { errorMessage, errorStatus, http } from '../api/http';
import { resolveActiveRole } from './active-role';
import { TEMP_ROLE } from './home-path';
import type { SessionRole, SessionUser } from './types';

/**
 * Restoring a session (spec section 4): the provider's profile, then the user service's record of
 * that person, created when the lookup is a 404. Loaded on demand by the auth thunks, so axios stays
 * out of the public pages' bundle.
 */

export const USERS_BASE = '/operations/global-user/users';

/** Spec section 3 "User": the fields the session keeps (spec section 7: "get user ... with a field list"). */
export const SESSION_USER_FIELDS = [
  'user_id',
  'username',
  'firstName',
  'lastName',
  'email',
  'enabled',
  'roles',
  'active_role',
  'profile_image',
  'registration_redirect',
  'phone_number',
  'otpVerified',
] as const;

/** What the profile call answers (spec section 7 "Session and sign-in"), flat or under `data`. */
interface ProfileBody {
  user_id: number;
  email?: string;
  preferred_username?: string;
  given_name?: string | null;
  family_name?: string | null;
  email_verified?: boolean;
}

export interface LoadedSession {
  user: SessionUser;
  /** The email-verified flag of the profile; otpVerified takes it (spec section 4). */
  emailVerified: boolean;
  /** Whether the user had an active role of their own; landing reads the stored one (spec section 4). */
  activeRoleStored: boolean;
}

/** A failed restore; `unauthenticated` when the profile call said 401 or 403 (spec section 4). */
export class SessionLoadError extends Error {
  constructor(
    message: string,
    readonly unauthenticated: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SessionLoadError';
  }
}

function readProfile(body: unknown): ProfileBody {
  const flat = body as Partial<ProfileBody> & { data?: Partial<ProfileBody> };
  const profile = typeof flat?.user_id === 'number' ? flat : flat?.data;
  if (!profile || typeof profile.user_id !== 'number') throw new Error('The profile answer has no user_id');
  return profile as ProfileBody;
}

function readUser(body: unknown): SessionUser {
  const user = (body as { data?: SessionUser })?.data;
  if (!user || typeof user.user_id !== 'number') throw new Error('The user service answer has no user');
  return user;
}

async function fetchProfile(): Promise<ProfileBody> {
  try {
    const response = await http.get('/auth/profile');
    return readProfile(response.data);
  } catch (error) {
    const status = errorStatus(error);
    throw new SessionLoadError(
      errorMessage(error, 'Request failed'),
      status === 401 || status === 403,
      status,
    );
  }
}

/** Spec section 4: "A new user is created when the user lookup returns 404", with the temp role. */
async function fetchOrCreateUser(
  userId: number,
  registrationRedirect: string | undefined,
): Promise<SessionUser> {
  try {
    const response = await http.get(`${USERS_BASE}/getUser/${userId}`, {
      params: { fields: SESSION_USER_FIELDS.join(',') },
    });
    return readUser(response.data);
  } catch (error) {
    if (errorStatus(error) !== 404) throw error;
  }
  const created = await http.post(`${USERS_BASE}/createUser`, {
    roles: [TEMP_ROLE_ID],
    ...(registrationRedirect ? { registration_redirect: registrationRedirect } : {}),
  });
  return readUser(created.data);
}

/**
 * Saves the active role for the user. Used as a background sync when the first role is made active:
 * spec section 8, "Sync failures are swallowed silently".
 */
export function syncActiveRole(userId: number, roleId: number): void {
  http.put(`${USERS_BASE}/updateUser/${userId}`, { active_role: roleId }).catch(() => undefined);
}

/** Sets the active role the person chose (/select-role); the caller shows a failure. */
export async function saveActiveRole(userId: number, roleId: number): Promise<void> {
  await http.put(`${USERS_BASE}/updateUser/${userId}`, { active_role: roleId });
}

export interface LoadOptions {
  /** Sent when the user record has to be created: where the new user should register. */
  registrationRedirect?: string;
}

/**
 * Profile, then user lookup (or creation), then the active-role rule of spec section 4: the stored
 * active role if the user still holds it, else the first role (saved in the background), and the temp
 * role for a user with none. Throws SessionLoadError.
 */
export async function loadSession({ registrationRedirect }: LoadOptions = {}): Promise<LoadedSession> {
  const profile = await fetchProfile();
  let record: SessionUser;
  try {
    record = await fetchOrCreateUser(profile.user_id, registrationRedirect);
  } catch (error) {
    throw new SessionLoadError(errorMessage(error, 'Request failed'), false, errorStatus(error));
  }
  const stored = record.active_role ?? null;
  const { roles, active, firstRoleMadeActive } = resolveActiveRole<SessionRole>(
    record.roles,
    stored,
    TEMP_ROLE,
  );
  if (firstRoleMadeActive) syncActiveRole(record.user_id, active.role_id);
  const emailVerified = profile.email_verified ?? record.otpVerified ?? false;
  return {
    user: { ...record, roles, active_role: active, otpVerified: emailVerified },
    emailVerified,
    activeRoleStored: stored !== null && !firstRoleMadeActive,
  };
}
