import { AUTH_COOKIE } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { makeUser } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';
import type { Database } from '../client';
import { users } from '../schema';
import { FIRST_ADMIN_MESSAGES, FirstAdminError } from './first-admin';
import { seedOnStart } from './on-start';

/** Issue 13, point 3: a fresh server database gets its first platform administrator at start. */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A migrated database with nobody in it, as a first production start finds it. */
async function emptyDatabase(): Promise<Database> {
  const { database, drop } = await makeTestDatabase();
  cleanups.push(drop);
  const [row] = await database.system.select({ n: sql<number>`count(*)::int` }).from(users);
  expect(row?.n).toBe(0);
  return database;
}

/** The start as main.ts runs it, with the environment an operator would set. */
function start(database: Database, env: Record<string, string>) {
  const lines: string[] = [];
  return {
    lines,
    done: seedOnStart(database, loadConfig({ NODE_ENV: 'production', ...env }), (line) => lines.push(line)),
  };
}

async function serve(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ database });
  await app.ready();
  cleanups.push(() => app.close());
  return app;
}

const signIn = (app: FastifyInstance, username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });

const OWNER = {
  SEED: 'none',
  SEED_ADMIN_EMAIL: 'Owner@Example.test',
  SEED_ADMIN_PASSWORD: 'first-start-secret',
};

describe('the first platform administrator', () => {
  it('is created on an empty database with SEED=none, and signs in through the real sign-in call', async () => {
    const database = await emptyDatabase();
    const first = start(database, OWNER);
    expect(await first.done).toBe('none');
    // The default hub pages are platform configuration, not demo data: they come with any first start.
    expect(first.lines).toEqual([
      'first platform administrator created: owner@example.test',
      expect.stringMatching(/^Added \d+ default hub pages$/),
    ]);
    const app = await serve(database);
    const signedIn = await signIn(app, 'owner@example.test', 'first-start-secret');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === AUTH_COOKIE)?.value;
    const profile = await app.inject({
      method: 'GET',
      url: '/operations/global-user/profile/getUser',
      headers: { cookie: `${AUTH_COOKIE}=${cookie}` },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(JSON.stringify(profile.json().data)).toContain('owner@example.test');
    // Only platform administrators may list every account: the session is one.
    const everyone = await app.inject({
      method: 'GET',
      url: '/operations/global-user/profile/getAll',
      headers: { cookie: `${AUTH_COOKIE}=${cookie}` },
    });
    expect(everyone.statusCode, everyone.body).toBe(200);
    // Nothing of the demo data set came with it.
    const [row] = await database.system.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row?.n).toBe(1);
  });

  it('keeps a changed password across a restart', async () => {
    const database = await emptyDatabase();
    await start(database, OWNER).done;
    const app = await serve(database);
    const cookie = (await signIn(app, 'owner@example.test', 'first-start-secret')).cookies.find(
      (c) => c.name === AUTH_COOKIE,
    )?.value;
    const changed = await app.inject({
      method: 'PUT',
      url: '/operations/global-user/profile/update-password',
      headers: { cookie: `${AUTH_COOKIE}=${cookie}` },
      payload: { old_password: 'first-start-secret', new_password: 'changed-after-first-start' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const again = start(database, OWNER);
    await again.done;
    expect(again.lines).toEqual([]);
    expect((await signIn(app, 'owner@example.test', 'changed-after-first-start')).statusCode).toBe(200);
    expect((await signIn(app, 'owner@example.test', 'first-start-secret')).statusCode).toBe(401);
    // Another address in the environment adds no second administrator either.
    await start(database, { ...OWNER, SEED_ADMIN_EMAIL: 'someone-else@example.test' }).done;
    const admins = await database.system.select().from(users).where(eq(users.is_platform_admin, true));
    expect(admins.map((admin) => admin.email)).toEqual(['owner@example.test']);
  });

  it('refuses a production start without SEED_ADMIN_PASSWORD while no administrator exists, and creates nobody', async () => {
    const database = await emptyDatabase();
    const refused = start(database, { SEED: 'none', SEED_ADMIN_EMAIL: 'owner@example.test' }).done;
    await expect(refused).rejects.toThrow(FirstAdminError);
    await expect(refused).rejects.toThrow(/^SEED_ADMIN_PASSWORD is not set/);
    expect(FIRST_ADMIN_MESSAGES.passwordUnset).toContain('SEED_ADMIN_PASSWORD');
    expect(await database.system.select().from(users)).toEqual([]);
    // Once the administrator exists, later starts need no password in the environment.
    await start(database, OWNER).done;
    await expect(start(database, { SEED: 'none' }).done).resolves.toBe('none');
  });

  it('never promotes an ordinary account that already holds the address', async () => {
    const database = await emptyDatabase();
    const squatter = await makeUser(database, { email: 'owner@example.test' });
    const attempt = start(database, OWNER);
    await attempt.done;
    expect(attempt.lines[0]).toMatch(/^WARNING: no platform administrator exists/);
    const [row] = await database.system.select().from(users).where(eq(users.user_id, squatter.user_id));
    expect(row?.is_platform_admin).toBe(false);
  });
});
