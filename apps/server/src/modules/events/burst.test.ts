import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_REGISTRATIONS_API } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { DiskStore } from '../../modules/files';
import { makeUser, member, platformAdmin } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';
import { eventBody } from './test-kit';

/**
 * Issue 17: 500 concurrent registrations for 100 seats end with exactly 100 confirmed and 400 on
 * the waiting list (PGlite by default; PostgreSQL with TEST_DATABASE_URL). Each request is its own
 * caller (the test resolver reads the user from a header), and all 500 are in flight at once.
 */

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  // On PostgreSQL, the product's default pool of ten connections.
  ({ database, drop } = await makeTestDatabase({ poolSize: 10 }));
  dir = mkdtempSync(join(tmpdir(), 'nexus-burst-'));
  app = await buildApp({
    database,
    resolveActor: (request) => {
      const header = request.headers['x-test-user'];
      if (header === 'admin') return platformAdmin(Number(request.headers['x-test-admin']));
      return typeof header === 'string' ? member(Number(header), null) : null;
    },
    fileStore: new DiskStore(dir),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('confirms exactly as many people as seats under 500 concurrent registrations', async () => {
  const admin = await makeUser(database);
  const created = await app.inject({
    method: 'POST',
    url: '/api/events/events/createEvent',
    headers: { 'x-test-user': 'admin', 'x-test-admin': String(admin.user_id) },
    payload: eventBody({ capacity: 100 }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const eventId = created.json().data.event_id as number;
  const people = await database.system
    .insert(users)
    .values(
      Array.from({ length: 500 }, (_, index) => ({
        username: `burst_${eventId}_${index}`,
        email: `burst_${eventId}_${index}@example.test`,
        first_name: 'Burst',
        last_name: String(index),
      })),
    )
    .returning({ id: users.user_id });
  const answers = await Promise.all(
    people.map(({ id }) =>
      app.inject({
        method: 'POST',
        url: `${EVENT_REGISTRATIONS_API}/createRegistration/${eventId}`,
        headers: { 'x-test-user': String(id) },
        payload: { answers: {} },
      }),
    ),
  );
  const codes = answers.map((answer) => answer.statusCode);
  expect(
    codes.filter((code) => code !== 201),
    answers.find((a) => a.statusCode !== 201)?.body,
  ).toEqual([]);
  const statuses = answers.map((answer) => answer.json().data.status as string);
  expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(100);
  expect(statuses.filter((status) => status === 'waiting')).toHaveLength(400);
  const [counts] = (
    (await database.system.execute(
      sql`select count(*) filter (where status = 'confirmed')::int as confirmed,
        count(*) filter (where status = 'waiting')::int as waiting,
        (select seats_taken from events where event_id = ${eventId}) as taken
        from event_registrations where event_id = ${eventId}`,
    )) as unknown as { rows: { confirmed: number; waiting: number; taken: number }[] }
  ).rows;
  expect(counts).toEqual({ confirmed: 100, waiting: 400, taken: 100 });
  // The waiting list keeps its order: positions 1 to 400, each once.
  const [positions] = (
    (await database.system.execute(
      sql`select count(distinct (waiting_since, registration_id))::int as n from event_registrations
        where event_id = ${eventId} and status = 'waiting'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;
  expect(positions!.n).toBe(400);
}, 180_000);
