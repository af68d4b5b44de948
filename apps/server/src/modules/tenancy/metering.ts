import {
  ERROR_CODES,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionStatus,
  TENANT_MESSAGES,
  TENANTS_API,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { tenantApiUsage, tenantSubscriptions, tenants } from '../../db/schema';
import { inScope } from '../../db/scope';
import { AppError, forbidden, tooManyRequests } from '../../http/app-error';

/** How long a tenant's period and count are trusted before they are read again. */
export const METER_CACHE_MS = 1000;
/** Counted calls are written at most this often (and on close). */
export const METER_FLUSH_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

interface PeriodState {
  /** null: the tenant has no live subscription, so nothing is refused. */
  limit: number | null;
  /** The live subscription's status; null without one. */
  status: SubscriptionStatus | null;
  /** A platform administrator suspended the tenant: its members' calls are refused. */
  suspended: boolean;
  periodStart: Date;
  periodEnd: Date;
  /** Calls stored for this period when the state was loaded. */
  stored: number;
  loadedAt: number;
}

interface Pending {
  periodStart: Date;
  calls: number;
}

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
function nextMonth(start: Date): Date {
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * API calls per tenant per period (issue 4, part 5). The hot path is a map lookup and an increment;
 * the database sees one upsert per second at most, and one read per tenant per second to learn the
 * period, the limit and what other processes counted. Reads and writes of the counts take turns, so
 * a call is never counted twice nor missed while a flush is under way.
 */
export class ApiMeter {
  private readonly states = new Map<number, PeriodState>();
  private readonly loading = new Map<number, Promise<PeriodState>>();
  /** Counted, not yet written. */
  private readonly pending = new Map<number, Pending>();
  /** Being written by the flush under way. */
  private readonly inflight = new Map<number, Pending>();
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: (message: string, error: unknown) => void = () => {},
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), METER_FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Forgets what is cached for a tenant (after a subscription or usage change). */
  invalidate(tenantId: number): void {
    this.states.delete(tenantId);
  }

  /** Calls counted in the tenant's current period, written or not. */
  async callsOf(tenantId: number): Promise<number> {
    const state = await this.stateOf(tenantId);
    return state.stored + this.unwritten(tenantId, state);
  }

  /**
   * Counts one call in the tenant, or refuses: 429 when the period's calls are used up, 403 for a
   * change (`write`) while the subscription is suspended or cancelled (the tenant stays readable, so
   * its admins can see why).
   */
  async meter(tenantId: number, refuse: boolean, write = false, leaving = false): Promise<void> {
    const state = await this.stateOf(tenantId);
    if (refuse && state.suspended && !leaving) {
      throw new AppError(ERROR_CODES.tenantSuspended, 403, TENANT_MESSAGES.suspended);
    }
    if (refuse && write && state.status !== null && state.status !== 'active') {
      throw forbidden(SUBSCRIPTION_MESSAGES.paused(state.status));
    }
    if (refuse && state.limit !== null && state.stored + this.unwritten(tenantId, state) >= state.limit) {
      const seconds = (state.periodEnd.getTime() - Date.now()) / 1000;
      throw tooManyRequests(SUBSCRIPTION_MESSAGES.apiCallsUsed, seconds);
    }
    const entry = this.pending.get(tenantId);
    if (entry && entry.periodStart.getTime() === state.periodStart.getTime()) {
      entry.calls += 1;
      return;
    }
    // A new period: what is left of the old one is written on its own.
    if (entry) void this.write([[tenantId, entry]]);
    this.pending.set(tenantId, { periodStart: state.periodStart, calls: 1 });
  }

  private unwritten(tenantId: number, state: PeriodState): number {
    let calls = 0;
    for (const entry of [this.pending.get(tenantId), this.inflight.get(tenantId)]) {
      if (entry && entry.periodStart.getTime() === state.periodStart.getTime()) calls += entry.calls;
    }
    return calls;
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.chain.then(task, task);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private stateOf(tenantId: number): PeriodState | Promise<PeriodState> {
    const state = this.states.get(tenantId);
    const now = Date.now();
    if (state && now - state.loadedAt < METER_CACHE_MS && now < state.periodEnd.getTime()) return state;
    let loading = this.loading.get(tenantId);
    if (!loading) {
      loading = this.exclusive(() => this.load(tenantId)).finally(() => this.loading.delete(tenantId));
      this.loading.set(tenantId, loading);
    }
    return loading;
  }

  private async load(tenantId: number): Promise<PeriodState> {
    const now = new Date();
    let subscription = await this.subscriptionOf(tenantId);
    if (subscription && subscription.period_end <= now) {
      await rollOver(this.database, tenantId, now);
      subscription = await this.subscriptionOf(tenantId);
    }
    const periodStart = subscription?.period_start ?? monthStart(now);
    const periodEnd = subscription?.period_end ?? nextMonth(periodStart);
    const [row] = await this.database.db
      .select({ calls: tenantApiUsage.calls })
      .from(tenantApiUsage)
      .where(and(eq(tenantApiUsage.tenant_id, tenantId), eq(tenantApiUsage.period_start, periodStart)));
    const rawLimit = subscription ? (subscription.limits as { api_calls?: unknown }).api_calls : undefined;
    const state: PeriodState = {
      limit: rawLimit === undefined || rawLimit === null ? null : Number(rawLimit),
      status: subscription?.status ?? null,
      suspended: (await this.suspendedAt(tenantId)) !== null,
      periodStart,
      periodEnd,
      stored: row?.calls ?? 0,
      loadedAt: Date.now(),
    };
    this.states.set(tenantId, state);
    return state;
  }

  private async suspendedAt(tenantId: number): Promise<Date | null> {
    const [row] = await this.database.system
      .select({ suspended_at: tenants.suspended_at })
      .from(tenants)
      .where(eq(tenants.tenant_id, tenantId));
    return row?.suspended_at ?? null;
  }

  private async subscriptionOf(tenantId: number) {
    const [row] = await this.database.system
      .select({
        limits: tenantSubscriptions.limits,
        period_start: tenantSubscriptions.period_start,
        period_end: tenantSubscriptions.period_end,
        status: tenantSubscriptions.status,
      })
      .from(tenantSubscriptions)
      .where(and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false)));
    return row;
  }

  /** Writes every tenant's counted calls: one upsert, then `current_usage.api_calls` from the totals. */
  flush(): Promise<void> {
    const batch = [...this.pending.entries()];
    this.pending.clear();
    return this.write(batch);
  }

  private write(batch: [number, Pending][]): Promise<void> {
    if (batch.length === 0) return this.exclusive(async () => undefined);
    for (const [tenantId, entry] of batch) this.inflight.set(tenantId, entry);
    return this.exclusive(async () => {
      try {
        await this.store(batch);
        for (const [tenantId, entry] of batch) {
          const state = this.states.get(tenantId);
          if (state && state.periodStart.getTime() === entry.periodStart.getTime())
            state.stored += entry.calls;
        }
      } catch (error) {
        // Keep the counts for the next flush rather than lose them.
        for (const [tenantId, entry] of batch) {
          const current = this.pending.get(tenantId);
          if (current && current.periodStart.getTime() === entry.periodStart.getTime())
            current.calls += entry.calls;
          else if (!current) this.pending.set(tenantId, entry);
        }
        this.log('Could not write API usage', error);
      } finally {
        for (const [tenantId, entry] of batch) {
          if (this.inflight.get(tenantId) === entry) this.inflight.delete(tenantId);
        }
      }
    });
  }

  private async store(batch: [number, Pending][]): Promise<void> {
    // One batch spans tenants: metering is a system path (row-level security opened to all tenants).
    const db = this.database.system;
    await db
      .insert(tenantApiUsage)
      .values(
        batch.map(([tenantId, entry]) => ({
          tenant_id: tenantId,
          period_start: entry.periodStart,
          calls: entry.calls,
        })),
      )
      .onConflictDoUpdate({
        target: [tenantApiUsage.tenant_id, tenantApiUsage.period_start],
        set: { calls: sql`${tenantApiUsage.calls} + excluded.calls` },
      });
    const ids = sql.join(
      batch.map(([tenantId]) => sql`${tenantId}`),
      sql`, `,
    );
    await db.execute(sql`update ${tenantSubscriptions} s
      set current_usage = jsonb_set(s.current_usage, '{api_calls}', to_jsonb(u.calls))
      from ${tenantApiUsage} u
      where u.tenant_id = s.tenant_id and u.period_start = s.period_start and s.is_deleted = false
        and s.tenant_id in (${ids})`);
  }
}

/**
 * Moves a subscription whose period has ended to the period that contains `now` (same length),
 * appends the finished period to `usage_data` and resets `current_usage.api_calls`. Idempotent under
 * concurrent callers: the row is locked and the end re-checked.
 */
export async function rollOver(database: Database, tenantId: number, now: Date): Promise<void> {
  await inScope(database.db, tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(tenantSubscriptions)
      .where(and(eq(tenantSubscriptions.tenant_id, tenantId), eq(tenantSubscriptions.is_deleted, false)))
      .for('update');
    if (!row || row.period_end > now) return;
    const [used] = await tx
      .select({ calls: tenantApiUsage.calls })
      .from(tenantApiUsage)
      .where(and(eq(tenantApiUsage.tenant_id, tenantId), eq(tenantApiUsage.period_start, row.period_start)));
    const length = Math.max(DAY_MS, row.period_end.getTime() - row.period_start.getTime());
    const skipped = Math.floor((now.getTime() - row.period_end.getTime()) / length);
    const start = new Date(row.period_end.getTime() + skipped * length);
    const end = new Date(start.getTime() + length);
    const usage = row.current_usage as Record<string, unknown>;
    const finished = {
      period_start: row.period_start.toISOString(),
      period_end: row.period_end.toISOString(),
      users: Number(usage.users ?? 0),
      storage_gb: Number(usage.storage_gb ?? 0),
      api_calls: used?.calls ?? 0,
    };
    const history = Array.isArray(row.usage_data) ? row.usage_data : [];
    await tx
      .update(tenantSubscriptions)
      .set({
        period_start: start,
        period_end: end,
        current_usage: { ...usage, api_calls: 0 },
        usage_data: [...history, finished],
        modified_at: now,
      })
      .where(eq(tenantSubscriptions.subscription_id, row.subscription_id));
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Calls a member of a suspended tenant may still make with its header: signing out and the session
 * calls, and listing their organisations, so the client can leave the tenant for another.
 */
function leavesTenant(url: string): boolean {
  return url.startsWith('/api/auth/') || url.startsWith(`${TENANTS_API}/getUserTenants/`);
}

/** The onRequest hook: meters every call made in a tenant context (runs after the policy guard). */
export function installMetering(app: FastifyInstance, meter: ApiMeter): void {
  meter.start();
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const tenantId = request.actor?.tenantId;
    if (tenantId === null || tenantId === undefined) return;
    // A platform administrator is counted but never locked out of a tenant they may have to fix.
    await meter.meter(
      tenantId,
      !request.actor?.isPlatformAdmin,
      !READ_METHODS.has(request.method),
      leavesTenant(request.url),
    );
  });
  app.addHook('onClose', async () => {
    await meter.stop();
  });
}
