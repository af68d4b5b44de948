import { AUTH_COOKIE, AUTH_MESSAGES } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../test/make-app';
import { authHelpers } from './auth-flow.fixture';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(() => t.close());
const { ipFor, post, cookieOf, profile, userWithPassword } = authHelpers(() => t);

const ORIGIN = 'http://localhost:8080';
const q = encodeURIComponent;

async function signedIn(): Promise<string> {
  const { user, password } = await userWithPassword();
  return cookieOf(await post('/api/auth/signin', { username: user.username, password }, { ip: ipFor() }))!;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('redirect_uri with characters a header cannot carry (issue 14 part 7)', () => {
  it.each([
    ['/auth/logout', { 'sec-fetch-site': 'same-origin' }],
    ['/auth/callback', {}],
    ['/auth/redirect?silent=1&', {}],
  ])('%s answers 302 to an encoded address or 400, never 500', async (path, headers) => {
    const join = path.endsWith('&') ? '' : '?';
    const cookie = await signedIn();
    const withCookie = { ...headers, cookie: `${AUTH_COOKIE}=${cookie}` };
    const ideographic = await get(`${path}${join}redirect_uri=${ORIGIN}/x%E3%80%82evil`, withCookie);
    expect(ideographic.statusCode).toBe(302);
    expect(ideographic.headers.location).toBe(`${ORIGIN}/x%E3%80%82evil`);
    for (const raw of [
      `${ORIGIN}/x%0D%0ASet-Cookie:%20a=b`,
      `${ORIGIN}/x%0Aevil`,
      `${q(ORIGIN)}%E3%80%82evil`,
    ]) {
      const response = await get(`${path}${join}redirect_uri=${raw}`, withCookie);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AUTH_MESSAGES.redirectRefused);
    }
  });
});

describe('sign-out by a cross-site link (issue 14 part 8)', () => {
  it.each([
    ['a cross-site link', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site link', { 'sec-fetch-site': 'same-site' }],
    ['no same-origin marker', {}],
    ['a foreign Origin', { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' }],
  ])('%s gets a confirmation page that posts, and the session survives', async (_, headers) => {
    const cookie = await signedIn();
    const response = await get(`/auth/logout?redirect_uri=${q(`${ORIGIN}/login`)}`, {
      ...headers,
      cookie: `${AUTH_COOKIE}=${cookie}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain(
      `<form method="post" action="/auth/logout?redirect_uri=${q(`${ORIGIN}/login`)}"`,
    );
    expect((await profile(cookie)).statusCode).toBe(200);
  });

  it('signs out when the confirmation is posted from our origin, and returns to redirect_uri', async () => {
    const cookie = await signedIn();
    const response = await t.app.inject({
      method: 'POST',
      url: `/auth/logout?redirect_uri=${q(`${ORIGIN}/login`)}`,
      headers: { cookie: `${AUTH_COOKIE}=${cookie}`, origin: ORIGIN, 'content-type': 'text/plain' },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/login`);
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('signs out at once on a same-origin navigation, and the web client’s POST still answers JSON', async () => {
    const a = await signedIn();
    const out = await get(`/auth/logout?redirect_uri=${q(`${ORIGIN}/login`)}`, {
      'sec-fetch-site': 'same-origin',
      cookie: `${AUTH_COOKIE}=${a}`,
    });
    expect(out.statusCode).toBe(302);
    expect((await profile(a)).statusCode).toBe(401);
    const b = await signedIn();
    const posted = await post('/auth/logout', undefined, { cookie: b, headers: { origin: ORIGIN } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ data: { signedOut: true } });
    expect((await profile(b)).statusCode).toBe(401);
  });
});

describe('the allow-list does not trust Host (issue 14 part 9)', () => {
  it('refuses a redirect_uri on the origin the Host header names', async () => {
    const cookie = await signedIn();
    const headers = {
      host: 'evil.example',
      cookie: `${AUTH_COOKIE}=${cookie}`,
      'sec-fetch-site': 'same-origin',
    };
    const steal = q('http://evil.example/steal');
    for (const url of [
      `/auth/redirect?silent=1&redirect_uri=${steal}`,
      `/auth/logout?redirect_uri=${steal}`,
      `/auth/callback?redirect_uri=${steal}`,
    ]) {
      const response = await get(url, headers);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await profile(cookie)).statusCode).toBe(200);
  });

  it('still allows PUBLIC_ORIGIN whatever the Host', async () => {
    const response = await get(`/auth/redirect?silent=1&redirect_uri=${q(`${ORIGIN}/cb`)}`, {
      host: 'evil.example',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${ORIGIN}/cb?error=login_required`);
  });
});
