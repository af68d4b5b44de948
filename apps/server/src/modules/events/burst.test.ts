import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_MESSAGES, EVENT_REGISTRATIONS_API } from '@nexus/contracts';
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

/** A published event made by a platform admin, as the organiser would; its id. */
async function newEvent(overrides: Record<string, unknown>): Promise<number> {
  const admin = await makeUser(database);
  const created = await app.inject({
    method: 'POST',
    url: '/api/events/events/createEvent',
    headers: { 'x-test-user': 'admin', 'x-test-admin': String(admin.user_id) },
    payload: eventBody(overrides),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.event_id as number;
}

it('confirms exactly as many people as seats under 500 concurrent registrations', async () => {
  const eventId = await newEvent({ capacity: 100 });
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
  // And each waiting person was told their own place: 1 to 400, each once.
  const told = answers
    .map((answer) => answer.json().data.waiting_position as number | null)
    .filter((place) => place !== null)
    .sort((a, b) => a - b);
  expect(told).toEqual(Array.from({ length: 400 }, (_, index) => index + 1));
}, 180_000);

it('answers each person registering at once on their own: a repeat, a bad answer, the last seat and the queue', async () => {
  const eventId = await newEvent({
    capacity: 2,
    questions: [{ question_id: 'role', label: 'Your role', kind: 'text', required: true, choices: [] }],
  });
  const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => makeUser(database)));
  const ask = (userId: number, answers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: `${EVENT_REGISTRATIONS_API}/createRegistration/${eventId}`,
      headers: { 'x-test-user': String(userId) },
      payload: { answers },
    });
  // All in flight together, so they are answered from the same read of the event.
  const [first, again, bad, second, third] = await Promise.all([
    ask(a!.user_id, { role: 'Founder' }),
    ask(a!.user_id, { role: 'Founder' }),
    ask(b!.user_id, {}),
    ask(c!.user_id, { role: 'Investor' }),
    ask(d!.user_id, { role: 'Student' }),
  ]);
  expect(first!.statusCode, first!.body).toBe(201);
  expect(first!.json().data).toMatchObject({ status: 'confirmed', answers: { role: 'Founder' } });
  expect(first!.json().data.ticket_code).toEqual(expect.any(String));
  expect(again!.statusCode).toBe(409);
  expect(again!.json().message).toBe(EVENT_MESSAGES.alreadyRegistered);
  expect(bad!.statusCode).toBe(400);
  expect(bad!.json().message).toBe(EVENT_MESSAGES.answerRequired);
  expect(second!.json().data).toMatchObject({ status: 'confirmed', waiting_position: null });
  expect(third!.json().data).toMatchObject({ status: 'waiting', waiting_position: 1, ticket_code: null });
  const rows = (
    (await database.system.execute(
      sql`select user_id, status from event_registrations where event_id = ${eventId} order by registration_id`,
    )) as unknown as { rows: { user_id: number; status: string }[] }
  ).rows;
  // The repeat left nothing behind, seat included.
  expect(rows).toEqual([
    { user_id: a!.user_id, status: 'confirmed' },
    { user_id: c!.user_id, status: 'confirmed' },
    { user_id: d!.user_id, status: 'waiting' },
  ]);
  const [event] = (
    (await database.system.execute(
      sql`select seats_taken from events where event_id = ${eventId}`,
    )) as unknown as {
      rows: { seats_taken: number }[];
    }
  ).rows;
  expect(event!.seats_taken).toBe(2);
});
