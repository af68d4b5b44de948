import { vi } from 'vitest';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Route = Reply | ((body: unknown) => Reply);

export interface Call {
  key: string;
  body: unknown;
}

/**
 * Stands in for the server: `fetch` answers from a table keyed by "METHOD /path", like the real
 * endpoints would; anything not in the table is the signed-out 401 the server gives.
 */
export function fakeServer(routes: Record<string, Route>): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ key, body });
    const route = routes[key];
    const reply: Reply = !route
      ? { status: 401, body: { message: 'Authentication required.', code: 'UNAUTHORIZED' } }
      : typeof route === 'function'
        ? route(body)
        : route;
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return calls;
}

export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });
export const fail = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { message, code: 'ERROR' },
  headers,
});

export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    user_id: 7,
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    enabled: true,
    roles: [{ role_id: 19, display_name: 'Temp', role_name: 'temp', role_view: 'user', tenant_id: null }],
    active_role: null,
    profile_image: null,
    roll_number: null,
    age: null,
    gender: null,
    registration_redirect: null,
    phone_number: '+44 20 7946 0958',
    otpVerified: true,
    ...overrides,
  };
}

export const signedInResult = (overrides: Record<string, unknown> = {}) => ({
  user: testUser(overrides),
  access_token: 'token',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: 'refresh-token-value',
});

export const profile = {
  user_id: 7,
  sub: '7',
  email: 'ada@example.com',
  preferred_username: 'ada',
  given_name: 'Ada',
  family_name: 'Lovelace',
  email_verified: true,
};
