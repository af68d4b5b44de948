import type {
  AuthProfile,
  generateOtpBody,
  SigninResult,
  SignupPayload,
  User,
  updatePasswordBody,
  verifyOtpBody,
} from '@nexus/contracts';
import type { z } from 'zod';

/** One field problem from the server's `{message, code, details}` failure shape (DESIGN section 4). */
export interface FieldDetail {
  path: string;
  message: string;
}

/** A failed call: the message follows spec section 8's choice (server message, own message, default). */
export class HostedApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryAfterSeconds: number | undefined,
    readonly details: FieldDetail[],
  ) {
    super(message);
    this.name = 'HostedApiError';
  }
}

function serverMessage(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object' || !('message' in payload)) return undefined;
  const { message } = payload as { message: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

function serverDetails(payload: unknown): FieldDetail[] {
  if (!payload || typeof payload !== 'object' || !('details' in payload)) return [];
  const { details } = payload as { details: unknown };
  if (!Array.isArray(details)) return [];
  return details.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const { path, message } = item as { path: unknown; message: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

/**
 * fetch rather than the app's axios client: this bundle stays small. Same origin, so the session
 * cookie goes along (spec section 7: "with credentials sent") and the server's Origin check passes.
 */
async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    const own = error instanceof Error && error.message.trim() !== '' ? error.message : undefined;
    throw new HostedApiError(own ?? 'Network Error', undefined, undefined, []);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new HostedApiError(
      serverMessage(payload) ?? `Request failed with status code ${response.status}`,
      response.status,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      serverDetails(payload),
    );
  }
  if (payload && typeof payload === 'object' && 'data' in payload) return (payload as { data: T }).data;
  return payload as T;
}

export interface SignupAccepted {
  message: string;
  email: string;
  /** Masked address the code went to: the parent's for a minor. */
  sent_to: string;
}

/** The spec section 7 calls the hosted pages make. */
export const hostedApi = {
  signin: (body: { username: string; password: string }) =>
    call<SigninResult>('POST', '/api/auth/signin', body),
  signup: (body: SignupPayload) => call<SignupAccepted>('POST', '/api/auth/signup', body),
  signout: () => call<unknown>('POST', '/api/auth/signout'),
  generateOtp: (body: z.input<typeof generateOtpBody>) =>
    call<{ message: string }>('POST', '/api/auth/generateOtp', body),
  verifyOtp: (body: z.input<typeof verifyOtpBody>) =>
    call<{ verified: true; user: User }>('POST', '/api/auth/verifyOtp', body),
  updatePassword: (body: z.input<typeof updatePasswordBody>) =>
    call<{ message: string }>('POST', '/api/auth/updatePassword', body),
  profile: () => call<AuthProfile>('GET', '/auth/profile'),
  getUser: (userId: number) => call<User>('GET', `/operations/global-user/users/getUser/${userId}`),
  updateUser: (userId: number, body: { firstName: string; lastName: string; phone_number?: string }) =>
    call<User>('PUT', `/operations/global-user/users/updateUser/${userId}`, body),
};
