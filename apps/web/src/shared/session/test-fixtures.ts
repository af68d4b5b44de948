import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';

/** A failed call as axios rejects it, with the server's `{message, code}` body. */
export function httpError(status: number, message = `Request failed with status code ${status}`): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = {
    status,
    statusText: '',
    data: { message, code: 'X' },
    headers: {},
    config,
  } as AxiosResponse;
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
}

/** A successful axios answer with this body. */
export function ok<T>(data: T): AxiosResponse<T> {
  return { status: 200, statusText: 'OK', data, headers: {}, config: { headers: new AxiosHeaders() } };
}

export const PROFILE = {
  user_id: 7,
  sub: '7',
  email: 'ada@nexus.local',
  preferred_username: 'ada',
  given_name: 'Ada',
  family_name: 'Lovelace',
  email_verified: true,
};

export const INVESTOR = {
  role_id: 3,
  display_name: 'Investor',
  role_name: 'investor',
  role_view: 'user' as const,
};
export const ADMIN = {
  role_id: 1,
  display_name: 'Platform admin',
  role_name: 'admin',
  role_view: 'admin' as const,
};

export function userRecord(overrides: Record<string, unknown> = {}) {
  return {
    user_id: 7,
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@nexus.local',
    enabled: true,
    roles: [INVESTOR],
    active_role: INVESTOR,
    profile_image: null,
    registration_redirect: null,
    phone_number: null,
    otpVerified: true,
    ...overrides,
  };
}
