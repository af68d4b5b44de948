import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { member, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { liveState } from './live-check';
import { eventKit } from './test-kit';

/** The live part of a kept events page, read for everyone asking at once (issue 17, bench). */

let t: TestApp;
let kit: ReturnType<typeof eventKit>;

beforeAll(async () => {
  t = await makeApp();
  kit = eventKit(t);
});
afterAll(async () => {
  await t?.close();
});

/** The database with its reads counted. */
function counted(database: Database): { database: Database; reads: () => number } {
  let reads = 0;
  const read: Database['read'] = (query, prepare, scope) => {
    reads += 1;
    return database.read(query, prepare, scope);
  };
  return { database: { ...database, read }, reads: () => reads };
}

describe('liveState', () => {
  it('answers each caller with their own status and the seats, one statement for those who wait together', async () => {
    const organiser = platformAdmin(await kit.newUser());
    const [a, b] = [
      await kit.created(organiser, { capacity: 2 }),
      await kit.created(organiser, { capacity: 1 }),
    ];
    const people = await Promise.all([1, 2, 3, 4].map(async () => member(await kit.newUser(), null)));
    const [first, second, third, nobody] = people as [
      ReturnType<typeof member>,
      ReturnType<typeof member>,
      ReturnType<typeof member>,
      ReturnType<typeof member>,
    ];
    expect((await kit.register(first, a.event_id)).json().data.status).toBe('confirmed');
    expect((await kit.register(second, b.event_id)).json().data.status).toBe('confirmed');
    expect((await kit.register(third, b.event_id)).json().data.status).toBe('waiting');
    expect((await kit.verb(first, 'cancelRegistration', a.event_id)).statusCode).toBe(200);
    expect((await kit.register(first, a.event_id)).json().data.status).toBe('confirmed');

    const { database, reads } = counted(t.database);
    const ids = [a.event_id, b.event_id];
    const asked = [first, second, third, nobody, null].map((actor) =>
      liveState(database, ids, actor?.userId ?? null),
    );
    const answers = await Promise.all(asked);
    // The first asks at once; the four arriving while it runs share the next statement.
    expect(reads()).toBe(2);
    for (const live of answers) {
      expect(live.seats.get(a.event_id)).toBe(1);
      expect(live.seats.get(b.event_id)).toBe(1);
    }
    const statusOf = (index: number, userId: number, eventId: number) =>
      answers[index]!.statuses.get(`${userId}:${eventId}`) ?? null;
    // The latest registration counts: cancelled, then confirmed again.
    expect(statusOf(0, first.userId, a.event_id)).toBe('confirmed');
    expect(statusOf(1, second.userId, b.event_id)).toBe('confirmed');
    expect(statusOf(2, third.userId, b.event_id)).toBe('waiting');
    expect(statusOf(3, nobody.userId, a.event_id)).toBeNull();
  });

  it('sees a registration committed before the caller asked, even while an older read is under way', async () => {
    const organiser = platformAdmin(await kit.newUser());
    const event = await kit.created(organiser, { capacity: 5 });
    const late = member(await kit.newUser(), null);
    const { database, reads } = counted(t.database);
    const before = liveState(database, [event.event_id], late.userId);
    expect((await kit.register(late, event.event_id)).statusCode).toBe(201);
    const after = await liveState(database, [event.event_id], late.userId);
    expect(after.statuses.get(`${late.userId}:${event.event_id}`)).toBe('confirmed');
    expect(after.seats.get(event.event_id)).toBe(1);
    expect((await before).seats.get(event.event_id)).toBe(0);
    expect(reads()).toBe(2);
  });
});
