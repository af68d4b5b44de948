import { VOLUNTEERING_API } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';

/**
 * Issue 22 point 4: 30 sign-ups for a shift of 3 places, all in flight at once from 30 different
 * people, leave exactly 3 (PGlite by default; PostgreSQL with TEST_DATABASE_URL, over a pool of ten
 * connections, where the shift row's lock is what keeps the count).
 */

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let adminId = 0;
let tenantId = 0;

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase({ poolSize: 10 }));
  app = await buildApp({
    database,
    resolveActor: (request) => {
      const header = request.headers['x-test-user'];
      if (typeof header !== 'string') return null;
      const userId = Number(header);
      return userId === adminId ? tenantAdmin(userId, tenantId) : member(userId, null);
    },
  });
  await app.ready();
  tenantId = (await makeTenant(database)).tenant_id;
  adminId = (await makeUser(database)).user_id;
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});

const as = (userId: number) => ({ 'x-test-user': String(userId) });

it('leaves exactly 3 of 30 concurrent sign-ups for a shift of 3 places', async () => {
  const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const created = await app.inject({
    method: 'POST',
    url: `${VOLUNTEERING_API}/createOpportunity`,
    headers: as(adminId),
    payload: {
      title: 'Burst',
      description: 'Many at once',
      cause: 'community',
      location: 'Online',
      shifts: [{ starts_at: soon(10), ends_at: soon(12), capacity: 3 }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const shiftId: number = created.json().data.shifts[0].shift_id;
  const people = await Promise.all(
    Array.from({ length: 30 }, async () => (await makeUser(database)).user_id),
  );
  const answers = await Promise.all(
    people.map((userId) =>
      app.inject({
        method: 'POST',
        url: `${VOLUNTEERING_API}/signUp`,
        headers: as(userId),
        payload: { shift_id: shiftId },
      }),
    ),
  );
  const codes = answers.map((answer) => answer.statusCode).sort();
  expect(codes.filter((code) => code === 201)).toHaveLength(3);
  expect(codes.filter((code) => code === 409)).toHaveLength(27);
  const [row] = await database.read<{ n: number }>(
    sql`select count(*)::int as n from volunteer_signups where shift_id = ${shiftId} and status <> 'cancelled'`,
    false,
    'all',
  );
  expect(row?.n).toBe(3);
});
