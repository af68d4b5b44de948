import { AUTH_COOKIE } from '@nexus/contracts';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, userRoles } from '../db/schema';
import { makeUser } from '../test/factories';
import type { TestApp } from '../test/make-app';
import { hashPassword } from './passwords';

/**
 * Requests and data the sign-in and session suites share. Each suite owns its app; the helpers read it
 * through `app()` because it is made in the suite's beforeAll.
 */
export function authHelpers(app: () => TestApp) {
  let seq = 0;
  const fresh = () => {
    seq += 1;
    return `u${Date.now().toString(36)}${seq}`;
  };
  /** Each test uses its own client address so per-address limits of one test don't spill into another. */
  const ipFor = () => `10.0.${Math.floor(seq / 200)}.${(seq % 200) + 1}`;

  function signupBody(name: string, extra: Record<string, unknown> = {}) {
    return {
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: name,
      email: `${name}@example.test`,
      password: 'correct horse battery',
      phone_number: '+44 20 7946 0958',
      tnc_accepted: true,
      is_underage: false,
      ...extra,
    };
  }

  async function post(
    url: string,
    payload: unknown,
    options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  ) {
    return app().app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: options.ip ?? '10.9.9.9',
      headers: {
        ...(options.cookie ? { cookie: `${AUTH_COOKIE}=${options.cookie}` } : {}),
        ...options.headers,
      },
    });
  }

  function cookieOf(response: { cookies: { name: string; value: string }[] }): string | undefined {
    return response.cookies.find((c) => c.name === AUTH_COOKIE)?.value || undefined;
  }

  async function lastCode(to: string): Promise<string> {
    const [mail] = await app()
      .database.db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, to))
      .orderBy(desc(mailOutbox.mail_id))
      .limit(1);
    const code = mail?.text_body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }

  async function profile(cookie?: string, bearer?: string) {
    return app().app.inject({
      method: 'GET',
      url: '/auth/profile',
      headers: {
        ...(cookie ? { cookie: `${AUTH_COOKIE}=${cookie}` } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
    });
  }

  async function userWithPassword(password = 'a long pass phrase') {
    const name = fresh();
    const user = await makeUser(app().database, {
      username: name,
      email: `${name}@example.test`,
      email_verified: true,
      password_hash: await hashPassword(password),
    });
    await app().database.db.insert(userRoles).values({ user_id: user.user_id, role_id: 13 });
    return { user, password };
  }

  return { fresh, ipFor, signupBody, post, cookieOf, lastCode, profile, userWithPassword };
}
