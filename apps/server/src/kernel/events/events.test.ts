import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { domainEventDeliveries, domainEvents } from '../../db/schema';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeTestDatabase } from '../../test/make-app';
import { afterCommit, recordEvent } from './record';

const API = '/api/system/domain-events';
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let actor: Actor | null = null;
let clock = new Date();
const calls: string[] = [];
const afterCommitSeen: Promise<string>[] = [];
let failing = new Set<string>();
/** While set, the counter handler waits for it: the tests see what happens meanwhile. */
let gate: Promise<void> | undefined;
/** The events the counter handler got past its gate with. */
const handled: string[] = [];

/** A role grant's event with made-up ids: the tests below only look at its delivery. */
const payload = (userId: number) => ({ user_id: userId, role_id: 2, tenant_id: null, granted_by: userId });

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
  app = await buildApp({
    database,
    resolveActor: () => actor,
    events: { maxAttempts: 3, retryBaseMs: 1000, now: () => clock },
  });
  app.events.on('access.role.granted', 'test.counter', async (event) => {
    calls.push(event.id);
    await gate;
    handled.push(event.id);
    // What the emit after the commit sees: whether the delivery is visible outside the transaction.
    afterCommit(() => {
      afterCommitSeen.push(
        database.system
          .select()
          .from(domainEventDeliveries)
          .where(
            and(
              eq(domainEventDeliveries.event_id, event.id),
              eq(domainEventDeliveries.handler, 'test.counter'),
            ),
          )
          .then((rows) => `${event.id}:${rows.length}`),
      );
    });
    if (failing.has(event.id)) throw new Error('the counter is down');
  });
  // A route that records an event in its write, as an area's route would.
  app.post('/test/grant', { config: { policy: 'public' } }, async () => {
    const id = await inScope(database.db, 'main', (tx) => recordEvent(tx, 'access.role.granted', payload(7)));
    return { id };
  });
  app.post('/test/grant-later', { config: { policy: 'public', dispatch: 'after-answer' } }, async () => {
    const id = await inScope(database.db, 'main', (tx) => recordEvent(tx, 'access.role.granted', payload(8)));
    return { id };
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
});
beforeEach(() => {
  calls.length = 0;
  afterCommitSeen.length = 0;
  failing = new Set();
  actor = null;
});

const eventRow = async (id: string) =>
  (await database.system.select().from(domainEvents).where(eq(domainEvents.id, id)))[0];

describe('afterCommit', () => {
  it('runs a handler’s task once its delivery is committed, and drops it when the handler fails', async () => {
    const kept = await inScope(database.db, 'main', (tx) =>
      recordEvent(tx, 'access.role.granted', payload(2)),
    );
    const dropped = await inScope(database.db, 'main', (tx) =>
      recordEvent(tx, 'access.role.granted', payload(3)),
    );
    failing.add(dropped);
    await app.events.drain();
    expect(calls).toEqual(expect.arrayContaining([kept, dropped]));
    // One task ran (the kept event's), and it saw the delivery row from outside the transaction.
    expect(await Promise.all(afterCommitSeen)).toEqual([`${kept}:1`]);
  });

  it('answers false outside a handler, so the caller knows nothing will run it', () => {
    expect(afterCommit(() => {})).toBe(false);
  });
});

describe('the outbox', () => {
  it('leaves no event behind a rolled-back write, and dispatches nothing for it', async () => {
    let recorded = '';
    await expect(
      inScope(database.db, 'main', async (tx) => {
        recorded = await recordEvent(tx, 'access.role.granted', payload(1));
        throw new Error('the write fails after recording');
      }),
    ).rejects.toThrow('the write fails');
    expect(recorded).not.toBe('');
    expect(await eventRow(recorded)).toBeUndefined();
    await app.events.drain();
    expect(calls).not.toContain(recorded);
  });

  it('refuses a payload that does not match the catalogue, failing the write', async () => {
    await expect(
      inScope(database.db, 'main', (tx) =>
        recordEvent(tx, 'access.role.granted', { user_id: 'x' } as unknown as ReturnType<typeof payload>),
      ),
    ).rejects.toThrow();
  });

  it('is not readable by a tenant, only by the all-tenants scope', async () => {
    const tenant = await makeTenant(database);
    const id = await inScope(database.db, tenant.tenant_id, (tx) =>
      recordEvent(tx, 'access.role.granted', { ...payload(3), tenant_id: tenant.tenant_id }),
    );
    const seen = await inScope(database.db, tenant.tenant_id, (tx) =>
      tx.select().from(domainEvents).where(eq(domainEvents.id, id)),
    );
    expect(seen).toEqual([]);
    expect((await eventRow(id))?.tenant_id).toBe(tenant.tenant_id);
    await app.events.drain();
  });

  it('dispatches a request’s events before the answer leaves', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/grant' });
    expect(response.statusCode).toBe(200);
    const { id } = response.json() as { id: string };
    expect(calls).toEqual([id]);
    expect(await eventRow(id)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
  });

  it('answers a route marked after-answer first, then dispatches its events', async () => {
    let open = () => {};
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/test/grant-later' });
      expect(response.statusCode).toBe(200);
      const { id } = response.json() as { id: string };
      // The answer left while the handler could not have finished (the embedded test database has
      // one connection, which the dispatch holds, so the row itself is read after).
      expect(handled).not.toContain(id);
      open();
      await app.events.idle();
      expect(calls).toEqual([id]);
      expect(await eventRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      gate = undefined;
      open();
    }
  });

  it('dispatches a burst of answers’ events together, an event whose handler fails kept apart', async () => {
    let open = () => {};
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      // The first event holds the dispatch at the gate while the other answers leave.
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => app.inject({ method: 'POST', url: '/test/grant-later' })),
      );
      const ids = responses.map((response) => (response.json() as { id: string }).id);
      failing = new Set([ids[5]!]);
      open();
      await app.events.idle();
      for (const id of ids) {
        const row = await eventRow(id);
        expect(row, id).toMatchObject(
          id === ids[5]
            ? { status: 'failed', attempts: 1 }
            : { status: 'done', attempts: 1, last_error: null },
        );
        // A batch undone by the failure left no delivery behind: one for each event done, none else.
        const deliveries = await database.system
          .select()
          .from(domainEventDeliveries)
          .where(
            and(eq(domainEventDeliveries.event_id, id), eq(domainEventDeliveries.handler, 'test.counter')),
          );
        expect(deliveries, id).toHaveLength(id === ids[5] ? 0 : 1);
      }
      // The after-commit work ran once for each event done, after its delivery was visible.
      const seen = await Promise.all(afterCommitSeen);
      expect(seen.sort()).toEqual(
        ids
          .filter((id) => id !== ids[5])
          .map((id) => `${id}:1`)
          .sort(),
      );
    } finally {
      gate = undefined;
      open();
      failing = new Set();
    }
  });

  it('does not fail the request when a handler throws; the event waits for a retry', async () => {
    const ids: string[] = [];
    app.events.on('invitation.accepted', 'test.flaky', async (event) => {
      ids.push(event.id);
      throw new Error('mail server away');
    });
    const id = await inScope(database.db, 'main', (tx) =>
      recordEvent(tx, 'invitation.accepted', {
        invitation_id: 1,
        user_id: 1,
        tenant_id: null,
        role_id: 2,
        invited_by: null,
      }),
    );
    await app.events.drain();
    expect(ids).toEqual([id]);
    expect(await eventRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await eventRow(id))?.last_error).toContain('test.flaky: mail server away');
    // Dead after the remaining attempts, so the later tests are not disturbed by it.
    for (let i = 0; i < 2; i += 1) {
      clock = new Date(clock.getTime() + 60 * 60 * 1000);
      await app.events.drain();
    }
    expect((await eventRow(id))?.status).toBe('dead');
  });
});

describe('retries', () => {
  it('retries a handler that throws with backoff, then dead-letters the event', async () => {
    const id = await inScope(database.db, 'main', (tx) => recordEvent(tx, 'access.role.granted', payload(2)));
    failing.add(id);
    await app.events.drain();
    expect(await eventRow(id)).toMatchObject({ status: 'failed', attempts: 1 });
    const first = await eventRow(id);
    expect(first?.next_attempt_at.getTime()).toBe(clock.getTime() + 1000);

    // Not due yet: the next drain leaves it alone.
    await app.events.drain();
    expect(calls.filter((call) => call === id)).toHaveLength(1);

    clock = new Date(clock.getTime() + 1000);
    await app.events.drain();
    expect(await eventRow(id)).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await eventRow(id))?.next_attempt_at.getTime()).toBe(clock.getTime() + 2000);

    clock = new Date(clock.getTime() + 2000);
    await app.events.drain();
    expect(await eventRow(id)).toMatchObject({ status: 'dead', attempts: 3 });
    expect((await eventRow(id))?.last_error).toContain('test.counter: the counter is down');
    expect(calls.filter((call) => call === id)).toHaveLength(3);

    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
    await app.events.drain();
    expect(calls.filter((call) => call === id)).toHaveLength(3);
  });

  it('drains a backlog larger than a batch in order, a failing event leaving the rest to go on', async () => {
    const ids: string[] = [];
    // One statement per event, each its own commit, so they are told apart by occurred_at.
    for (let n = 0; n < 120; n += 1)
      ids.push(
        await inScope(database.db, 'main', (tx) => recordEvent(tx, 'access.role.granted', payload(9))),
      );
    failing.add(ids[10]!);
    expect(await app.events.drain()).toBe(120);
    // Every event reached, in order. The batch the failure undid ran again event by event (its
    // first runs rolled back with it), but the failing handler itself ran once for its one attempt.
    expect([...new Set(calls)]).toEqual(ids);
    expect(calls.filter((id) => id === ids[10])).toHaveLength(1);
    const statuses = await database.system
      .select({ status: domainEvents.status, count: sql<number>`count(*)::int` })
      .from(domainEvents)
      .where(sql`${domainEvents.id} in ${ids}`)
      .groupBy(domainEvents.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.count]))).toEqual({
      done: 119,
      failed: 1,
    });
  });

  it('changes nothing on a duplicate delivery', async () => {
    const id = await inScope(database.db, 'main', (tx) => recordEvent(tx, 'access.role.granted', payload(4)));
    await app.events.drain();
    expect(calls).toEqual([id]);
    // The same event delivered again (a crash after the handler committed, a second process).
    await database.system.update(domainEvents).set({ status: 'pending' }).where(eq(domainEvents.id, id));
    await app.events.drain();
    expect(calls).toEqual([id]);
    const deliveries = await database.system
      .select()
      .from(domainEventDeliveries)
      .where(eq(domainEventDeliveries.event_id, id));
    // Areas' own handlers of the event (notifications) are delivered too; this test counts its own.
    expect(deliveries.map((d) => d.handler).filter((h) => h.startsWith('test.'))).toEqual(['test.counter']);
    expect((await eventRow(id))?.status).toBe('done');
  });
});

describe('admin view', () => {
  async function deadEvent() {
    const id = await inScope(database.db, 'main', (tx) => recordEvent(tx, 'access.role.granted', payload(5)));
    failing.add(id);
    for (let i = 0; i < 3; i += 1) {
      await app.events.drain();
      clock = new Date(clock.getTime() + 60 * 60 * 1000);
    }
    expect((await eventRow(id))?.status).toBe('dead');
    return id;
  }

  it('lists events by status, newest first, with their error and attempts, to the platform admin', async () => {
    const id = await deadEvent();
    const admin = await makeUser(database);
    actor = platformAdmin(admin.user_id);
    const response = await app.inject({ method: 'GET', url: `${API}/getDomainEvents?status=dead&limit=100` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.every((item: { status: string }) => item.status === 'dead')).toBe(true);
    const item = body.data.find((row: { id: string }) => row.id === id);
    expect(item).toMatchObject({ name: 'access.role.granted', attempts: 3 });
    expect(item.delivered_to).not.toContain('test.counter');
    expect(item.last_error).toContain('the counter is down');
    expect(body.meta).toMatchObject({ page: 1, limit: 100, totalExact: true });
    expect(body.meta.total).toBeGreaterThanOrEqual(1);

    const paged = await app.inject({ method: 'GET', url: `${API}/getDomainEvents?limit=1&page=2` });
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().meta.totalPages).toBe(paged.json().meta.total);
    const wrong = await app.inject({ method: 'GET', url: `${API}/getDomainEvents?status=lost` });
    expect(wrong.statusCode).toBe(400);
  });

  it('retries a dead event at once and shows it done', async () => {
    const id = await deadEvent();
    failing.delete(id);
    const admin = await makeUser(database);
    actor = platformAdmin(admin.user_id);
    const response = await app.inject({ method: 'POST', url: `${API}/retryDomainEvent/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, status: 'done' });
    expect(response.json().data.delivered_to).toContain('test.counter');
    const again = await app.inject({ method: 'POST', url: `${API}/retryDomainEvent/${id}` });
    expect(again.statusCode).toBe(409);
    const missing = await app.inject({
      method: 'POST',
      url: `${API}/retryDomainEvent/00000000-0000-4000-8000-000000000000`,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('is closed to tenant admins, members and signed-out callers', async () => {
    const tenant = await makeTenant(database);
    const user = await makeUser(database);
    const id = await deadEvent();
    for (const who of [tenantAdmin(user.user_id, tenant.tenant_id), member(user.user_id, null)]) {
      actor = who;
      expect((await app.inject({ method: 'GET', url: `${API}/getDomainEvents` })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: `${API}/retryDomainEvent/${id}` })).statusCode).toBe(
        403,
      );
    }
    actor = null;
    expect((await app.inject({ method: 'GET', url: `${API}/getDomainEvents` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `${API}/retryDomainEvent/${id}` })).statusCode).toBe(401);
    expect((await eventRow(id))?.status).toBe('dead');
    await database.system.execute(sql`select 1`);
  });
});
