import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPERT_MESSAGES, EXPERT_SESSIONS_API, EXPERTS_API } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { DiskStore } from '../../modules/files';
import { makeUser, member } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';

/**
 * Issue 20: 50 crafted bookings of one slot, all in flight at once, leave exactly one session (PGlite
 * by default; PostgreSQL with TEST_DATABASE_URL, over the product's pool of ten connections), and
 * 50 more aimed at the slot just after it (inside the buffer) leave none.
 */

let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let dir: string;

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase({ poolSize: 10 }));
  dir = mkdtempSync(join(tmpdir(), 'nexus-experts-burst-'));
  app = await buildApp({
    database,
    resolveActor: (request) => {
      const header = request.headers['x-test-user'];
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

const as = (userId: number) => ({ 'x-test-user': String(userId) });

it('leaves exactly one of 50 concurrent bookings of one slot, and none in its buffer', async () => {
  const expert = await makeUser(database);
  const profile = await app.inject({
    method: 'PUT',
    url: `${EXPERTS_API}/updateMyProfile`,
    headers: as(expert.user_id),
    payload: { headline: 'Burst', expertise: ['x'], languages: ['en'], time_zone: 'UTC', buffer_minutes: 30 },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 }));
  await app.inject({
    method: 'PUT',
    url: `${EXPERTS_API}/updateMyAvailability`,
    headers: as(expert.user_id),
    payload: { weekly },
  });
  const slots = await app.inject({
    method: 'GET',
    url: `${EXPERTS_API}/getSlots/${expert.user_id}?days=3`,
    headers: as(expert.user_id),
  });
  const target = (slots.json().data as { starts_at: string }[]).find(
    (slot) => new Date(slot.starts_at).getTime() > Date.now() + 86_400_000,
  )!;
  const next = new Date(new Date(target.starts_at).getTime() + 3_600_000).toISOString();
  const people = await database.system
    .insert(users)
    .values(
      Array.from({ length: 100 }, (_, index) => ({
        username: `expert_burst_${expert.user_id}_${index}`,
        email: `expert_burst_${expert.user_id}_${index}@example.test`,
      })),
    )
    .returning({ id: users.user_id });
  // Half aim at the slot, half at the next one, which the first booking's buffer covers.
  const answers = await Promise.all(
    people.map(({ id }, index) =>
      app.inject({
        method: 'POST',
        url: `${EXPERT_SESSIONS_API}/createSession`,
        headers: as(id),
        payload: { expert_id: expert.user_id, starts_at: index % 2 === 0 ? target.starts_at : next },
      }),
    ),
  );
  const codes = answers.map((answer) => answer.statusCode);
  expect(
    codes.filter((code) => code !== 201 && code !== 409),
    answers.find((a) => a.statusCode !== 201 && a.statusCode !== 409)?.body,
  ).toEqual([]);
  expect(codes.filter((code) => code === 201)).toHaveLength(1);
  for (const answer of answers.filter((a) => a.statusCode === 409)) {
    expect(answer.json().message).toBe(EXPERT_MESSAGES.slotTaken);
  }
  const rows = (
    (await database.system.execute(
      sql`select starts_at from expert_sessions where expert_id = ${expert.user_id} and status = 'booked'`,
    )) as unknown as { rows: unknown[] }
  ).rows;
  expect(rows).toHaveLength(1);
});
