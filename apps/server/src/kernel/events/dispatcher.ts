import type { DomainEventName, DomainEventPayload } from '@nexus/contracts';
import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { domainEventDeliveries, domainEvents } from '../../db/schema';
import { commitScope, eventScope } from './record';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  id: string;
  name: N;
  version: number;
  payload: DomainEventPayload<N>;
  tenant_id: number | null;
  occurred_at: Date;
}

/**
 * A handler does its part for one event inside `tx`, a transaction in the all-tenants scope that also
 * records its delivery: it commits both or neither. It must only write its own area's tables.
 */
export type EventHandler<N extends DomainEventName> = (event: DomainEvent<N>, tx: Tx) => Promise<void>;

/** A handler that failed in a batch: processed alone, the event records it rather than running it twice. */
interface Failure {
  eventId: string;
  handler: string;
  error: unknown;
}

interface Registered {
  name: string;
  handle: EventHandler<DomainEventName>;
}

export interface DispatcherOptions {
  /** Attempts before an event is dead (each attempt runs every handler not yet delivered). */
  maxAttempts?: number;
  /** Delay before the second attempt; it doubles with each further attempt, up to an hour. */
  retryBaseMs?: number;
  /** How often the poller looks for due events. */
  pollMs?: number;
  /** A fresh event is left this long to the request that recorded it before the poller takes it. */
  pendingGraceMs?: number;
  /** The clock (tests move it to reach a retry). */
  now?: () => Date;
  log?: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

export const EVENT_DEFAULTS = {
  maxAttempts: 5,
  retryBaseMs: 30_000,
  pollMs: 5_000,
  pendingGraceMs: 5_000,
} as const;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** Events of sent answers kept for the background dispatcher; the poller takes any beyond. */
const LATER_MAX = 10_000;
/** Due events the poller reads per walk of the outbox's index. */
const CLAIM_BATCH = 50;
const MAX_ERROR_LENGTH = 2000;
/**
 * While answers are in flight, the background dispatch waits up to this long before each event: the
 * mail and notices of a burst come a little later, and its answers do not share the cores with them.
 */
const STEP_ASIDE_MAX_MS = 20;
const STEP_ASIDE_POLL_MS = 2;
/** Events the background dispatch takes in one transaction when no answer is in flight. */
const BATCH_MAX = 25;

/**
 * Delivers outbox events to in-process handlers (docs/events.md). One event is processed inside one
 * transaction that holds its row (`FOR UPDATE SKIP LOCKED`, so any number of processes share the
 * outbox); each handler runs in a savepoint of it together with its delivery row, so a handler that
 * throws undoes only its own work, and a handler already delivered is skipped. Failed events come
 * back with exponential backoff and are dead after `maxAttempts`.
 */
export class EventDispatcher {
  private readonly handlers = new Map<string, Registered[]>();
  private readonly options: Required<Omit<DispatcherOptions, 'log'>>;
  private timer: NodeJS.Timeout | null = null;
  private tick: Promise<void> | null = null;
  /** Events recorded by answers already sent, waiting for the one background dispatcher. */
  private readonly later: string[] = [];
  private pumping: Promise<void> | null = null;
  /** Answers this process is working on (installEvents counts them). */
  private answering = 0;

  constructor(
    private readonly database: Database,
    private readonly opts: DispatcherOptions = {},
  ) {
    this.options = { ...EVENT_DEFAULTS, now: () => new Date(), ...opts };
  }

  /** Registers a handler; `handler` names it in the deliveries and the admin view, once per event. */
  on<N extends DomainEventName>(name: N, handler: string, handle: EventHandler<N>): void {
    const list = this.handlers.get(name) ?? [];
    if (list.some((entry) => entry.name === handler)) {
      throw new Error(`Handler ${handler} is already registered for ${name}`);
    }
    list.push({ name: handler, handle: handle as unknown as EventHandler<DomainEventName> });
    this.handlers.set(name, list);
  }

  /** Handler names per event, for the docs and the admin view. */
  registered(): Record<string, string[]> {
    return Object.fromEntries([...this.handlers].map(([name, list]) => [name, list.map((h) => h.name)]));
  }

  /**
   * Dispatches the events recorded in the current scope (a request's), and those their handlers
   * record in turn, until none is left. Never throws: a failure is on the event, for the poller.
   */
  async settle(): Promise<void> {
    const scope = eventScope.getStore();
    if (!scope) return;
    while (scope.recorded.length > 0) {
      const id = scope.recorded.shift() as string;
      await this.safely(() => this.process([eq(domainEvents.id, id), eq(domainEvents.status, 'pending')]));
    }
  }

  /**
   * Dispatches the current scope's events without anyone waiting: for a route whose answer does not
   * show what the handlers write, so the caller is not kept waiting for mail, reminders and notices.
   * One dispatch at a time works through them, so a burst of answers never holds the system pool
   * (the others using it would wait); past LATER_MAX waiting, events are left to the poller.
   */
  settleAfterAnswer(): void {
    const scope = eventScope.getStore();
    if (!scope || scope.recorded.length === 0) return;
    const recorded = scope.recorded.splice(0);
    this.later.push(...recorded.slice(0, Math.max(LATER_MAX - this.later.length, 0)));
    this.pump();
  }

  /** An answer has started; `answerEnded` once it has left or its caller went away. */
  answerStarted(): void {
    this.answering += 1;
  }

  answerEnded(): void {
    this.answering = Math.max(this.answering - 1, 0);
  }

  /** Waits while answers are in flight, at most STEP_ASIDE_MAX_MS: the next event always comes. */
  private async stepAside(): Promise<void> {
    const until = Date.now() + STEP_ASIDE_MAX_MS;
    while (this.answering > 0 && Date.now() < until) await delay(STEP_ASIDE_POLL_MS);
  }

  private pump(): void {
    if (this.pumping) return;
    this.pumping = (async () => {
      while (this.later.length > 0) {
        await this.stepAside();
        const ids = this.later.splice(0, this.answering > 0 ? 1 : BATCH_MAX);
        // In a scope of their own: what their handlers record is dispatched with them.
        await eventScope.run({ recorded: [] }, async () => {
          await this.processBatch(ids);
          await this.settle();
        });
      }
    })().finally(() => {
      this.pumping = null;
      // An answer may have added one between the last shift and now.
      if (this.later.length > 0) this.pump();
    });
  }

  /**
   * Runs the handlers of the pending events `ids` in one transaction without a savepoint each: the
   * deliveries in one insert, the statuses in one update, one commit, so a backlog costs a few
   * statements per event rather than a dozen. If any handler fails, nothing of the batch is kept and
   * each event is processed again on its own (`process`), where a failing handler is isolated,
   * recorded and retried. Events another process holds are left to it.
   */
  private async processBatch(ids: string[]): Promise<number> {
    const tasks: (() => void)[] = [];
    let kept = false;
    let taken = 0;
    let failure: Failure | undefined;
    try {
      await this.database.system.transaction(async (tx) => {
        const events = await tx
          .select()
          .from(domainEvents)
          .where(and(inArray(domainEvents.id, ids), eq(domainEvents.status, 'pending')))
          .orderBy(asc(domainEvents.occurred_at))
          .for('update', { skipLocked: true });
        taken = events.length;
        if (events.length === 0) return;
        const due = events.flatMap((event) =>
          (this.handlers.get(event.name) ?? []).map((handler) => ({
            event_id: event.id,
            handler: handler.name,
          })),
        );
        const fresh =
          due.length === 0
            ? []
            : await tx.insert(domainEventDeliveries).values(due).onConflictDoNothing().returning({
                event_id: domainEventDeliveries.event_id,
                handler: domainEventDeliveries.handler,
              });
        const todo = new Set(fresh.map((delivery) => `${delivery.event_id}\n${delivery.handler}`));
        for (const event of events)
          for (const handler of this.handlers.get(event.name) ?? []) {
            if (!todo.has(`${event.id}\n${handler.name}`)) continue;
            try {
              await commitScope.run(tasks, () => handler.handle(event as DomainEvent, tx));
            } catch (error) {
              failure = { eventId: event.id, handler: handler.name, error };
              throw error;
            }
          }
        await tx
          .update(domainEvents)
          .set({
            status: 'done',
            attempts: sql`${domainEvents.attempts} + 1`,
            processed_at: this.options.now(),
            last_error: null,
          })
          .where(
            inArray(
              domainEvents.id,
              events.map((event) => event.id),
            ),
          );
      });
      kept = true;
    } catch {
      // Rolled back as a whole: one by one below, where the failure is kept on its event.
    }
    if (!kept) {
      taken = 0;
      for (const id of ids) {
        const known = failure?.eventId === id ? failure : undefined;
        const where = [eq(domainEvents.id, id), eq(domainEvents.status, 'pending')];
        if (await this.safely(() => this.process(where, known))) taken += 1;
      }
      return taken;
    }
    this.runCommitted(tasks);
    return taken;
  }

  /** What delivered handlers left for after their commit (`afterCommit`); one failing stops none. */
  private runCommitted(tasks: (() => void)[]): void {
    for (const task of tasks) {
      try {
        task();
      } catch (error) {
        this.opts.log?.warn({ err: error }, 'after-commit task failed');
      }
    }
  }

  /** Resolves once the events of answers already sent are dispatched (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  /**
   * Processes every due event: pending ones older than `graceMs`, failed ones whose retry time has
   * come, and whatever their handlers record. Returns how many events it processed.
   */
  drain(graceMs = 0): Promise<number> {
    return eventScope.run({ recorded: [] }, async () => {
      let count = 0;
      for (;;) {
        await this.settle();
        // The due events' ids a batch at a time, each then taken by its primary key: a claim walks
        // domain_events_status_idx past every event done since the last VACUUM (its old entries stay
        // until then), so one walk per batch rather than per event keeps a backlog's drain linear.
        const due = await this.dueIds(graceMs);
        let taken = 0;
        const pending = due.filter((event) => event.status === 'pending').map((event) => event.id);
        for (let at = 0; at < pending.length; at += BATCH_MAX)
          taken += await this.processBatch(pending.slice(at, at + BATCH_MAX));
        for (const { id, status } of due) {
          if (status === 'pending') continue;
          const found = await this.safely(() =>
            this.process([eq(domainEvents.id, id), eq(domainEvents.status, status)]),
          );
          if (found) taken += 1;
        }
        // None left, or all held by another process's dispatcher: the next tick looks again.
        if (taken === 0) return count;
        count += taken;
      }
    });
  }

  /** Pending events older than `graceMs`, then failed ones whose retry time has come, oldest first. */
  private async dueIds(graceMs: number): Promise<{ id: string; status: 'pending' | 'failed' }[]> {
    const columns = { id: domainEvents.id, status: domainEvents.status };
    const read = (where: SQL) =>
      this.database.system
        .select(columns)
        .from(domainEvents)
        .where(where)
        .orderBy(asc(domainEvents.occurred_at))
        .limit(CLAIM_BATCH) as Promise<{ id: string; status: 'pending' | 'failed' }[]>;
    const pending = await read(
      and(
        eq(domainEvents.status, 'pending'),
        // The database's clock for fresh events: it wrote occurred_at.
        sql`${domainEvents.occurred_at} <= now() - make_interval(secs => ${graceMs / 1000})`,
      ) as SQL,
    );
    if (pending.length > 0) return pending;
    return read(
      and(eq(domainEvents.status, 'failed'), lte(domainEvents.next_attempt_at, this.options.now())) as SQL,
    );
  }

  /** Starts the poller (main.ts); `stop` ends it and waits for a tick under way. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.tick) return;
      // This process's own events are on their way through the pump, oldest first; a second
      // dispatcher on the same backlog would take CPU from the answers of a burst, not finish sooner.
      if (this.pumping && this.later.length < LATER_MAX) return;
      this.tick = this.drain(this.options.pendingGraceMs)
        .then(() => undefined)
        .finally(() => {
          this.tick = null;
        });
    }, this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.tick;
    await this.idle();
  }

  private async safely(work: () => Promise<boolean>): Promise<boolean> {
    try {
      return await work();
    } catch (error) {
      this.opts.log?.error({ err: error }, 'domain event dispatch failed');
      return false;
    }
  }

  /**
   * Takes one matching event (skipping any another process holds) and runs its handlers; then what
   * the delivered handlers left for after the commit (`afterCommit`).
   */
  private async process(where: SQL[], known?: Failure): Promise<boolean> {
    const committed: (() => void)[] = [];
    const found = await this.processIn(committed, where, known);
    this.runCommitted(committed);
    return found;
  }

  private processIn(committed: (() => void)[], where: SQL[], known?: Failure): Promise<boolean> {
    return this.database.system.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(domainEvents)
        .where(and(...where))
        .orderBy(asc(domainEvents.occurred_at))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!event) return false;
      const errors: string[] = [];
      for (const handler of this.handlers.get(event.name) ?? []) {
        // A handler's after-commit work counts only if its savepoint holds.
        const tasks: (() => void)[] = [];
        try {
          // It failed in a batch moments ago: that attempt counts, it does not run twice for one.
          if (known?.handler === handler.name) throw known.error;
          await commitScope.run(tasks, () =>
            tx.transaction(async (savepoint) => {
              const [fresh] = await savepoint
                .insert(domainEventDeliveries)
                .values({ event_id: event.id, handler: handler.name })
                .onConflictDoNothing()
                .returning({ handler: domainEventDeliveries.handler });
              // Delivered before (a retry after another handler failed, or a duplicate): nothing to do.
              if (!fresh) return;
              await handler.handle(event as DomainEvent, savepoint);
            }),
          );
          committed.push(...tasks);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          errors.push(`${handler.name}: ${message}`);
          this.opts.log?.warn({ err: error, event: event.id, handler: handler.name }, 'event handler failed');
        }
      }
      const attempts = event.attempts + 1;
      const now = this.options.now();
      if (errors.length === 0) {
        await tx
          .update(domainEvents)
          .set({ status: 'done', attempts, processed_at: now, last_error: null })
          .where(eq(domainEvents.id, event.id));
        return true;
      }
      const dead = attempts >= this.options.maxAttempts;
      const delay = Math.min(this.options.retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      await tx
        .update(domainEvents)
        .set({
          status: dead ? 'dead' : 'failed',
          attempts,
          last_error: errors.join('\n').slice(0, MAX_ERROR_LENGTH),
          next_attempt_at: new Date(now.getTime() + delay),
          processed_at: dead ? now : null,
        })
        .where(eq(domainEvents.id, event.id));
      return true;
    });
  }
}

/** Puts a dead event back in the queue with a fresh set of attempts (the admin view's retry). */
export async function requeueDeadEvent(
  database: Database,
  id: string,
): Promise<'requeued' | 'missing' | 'notDead'> {
  const [event] = await database.system
    .select({ status: domainEvents.status })
    .from(domainEvents)
    .where(eq(domainEvents.id, id));
  if (!event) return 'missing';
  if (event.status !== 'dead') return 'notDead';
  await database.system
    .update(domainEvents)
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, processed_at: null })
    .where(and(eq(domainEvents.id, id), eq(domainEvents.status, 'dead')));
  return 'requeued';
}
