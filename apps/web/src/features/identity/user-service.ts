import { MESSAGES } from '@nexus/contracts';
import { errorStatus, http } from '../../shared/api/http';
import { USERS_BASE } from '../../shared/session/session-load';
import type { SessionUser } from '../../shared/session/types';

/**
 * The user service calls of spec section 7 that are not part of restoring a session: lookups by id or
 * email, updates followed by an access-token refresh, disabling by username, and the OTP check.
 */

const PROFILE_BASE = '/operations/global-user/profile';

export class UserServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UserServiceError';
  }
}

/**
 * Spec section 5: a user id must be a valid number; otherwise the user is looked up by email, and if
 * still missing 'User not found' (404) is raised.
 */
export async function findUser(idOrEmail: number | string, fields?: readonly string[]): Promise<SessionUser> {
  const query = fields?.length ? { fields: fields.join(',') } : {};
  const id = typeof idOrEmail === 'number' ? idOrEmail : Number(idOrEmail);
  try {
    if (Number.isInteger(id) && id > 0) {
      const response = await http.get<{ data: SessionUser }>(`${USERS_BASE}/getUser/${id}`, {
        params: query,
      });
      return response.data.data;
    }
    const response = await http.get<{ data: SessionUser }>(
      `${USERS_BASE}/getUser/${encodeURIComponent(String(idOrEmail))}`,
      {
        params: { ...query, email: String(idOrEmail) },
      },
    );
    return response.data.data;
  } catch (error) {
    if (errorStatus(error) === 404) throw new UserServiceError(MESSAGES.userNotFound, 404);
    throw error;
  }
}

/**
 * Spec section 7 "update user", then the bearer token is refreshed so it carries the change; a failed
 * refresh reads 'Access token refresh failed after user update' (section 8).
 */
export async function updateUser(userId: number, changes: Record<string, unknown>): Promise<SessionUser> {
  const response = await http.put<{ data: SessionUser }>(`${USERS_BASE}/updateUser/${userId}`, changes);
  try {
    const refreshed = await http.post<{ data: { access_token: string } }>('/api/auth/refreshToken', {});
    localStorage.setItem('access_token', refreshed.data.data.access_token);
  } catch {
    throw new UserServiceError(MESSAGES.tokenRefreshAfterUpdateFailed);
  }
  return response.data.data;
}

/** Spec section 5: disabling without a username fails on the client, before any call. */
export async function disableUser(username: string | null | undefined): Promise<void> {
  const name = username?.trim();
  if (!name) throw new UserServiceError(MESSAGES.usernameRequiredToDisable);
  await http.put(`${PROFILE_BASE}/users/${encodeURIComponent(name)}/disable`, {});
}

/** Spec section 4: OTP verification is checkable per user_id. */
export async function isOtpVerified(userId: number): Promise<boolean> {
  const response = await http.get<{ data: { otpVerified: boolean } }>(`/api/auth/isOtpVerified/${userId}`);
  return response.data.data.otpVerified;
}
