import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, DbOrTx } from '../../db/client';
import { definitionOf, JOB_DEFINITIONS, type JobName, type PayloadOf } from './catalogue';
import { drizzleExecutor, type Executor, pgliteExecutor, poolExecutor } from './executors';
import { jobSchemaOf } from './install';

/** JOBS (DESIGN section 8): `off` enqueues but never works, for an API-only process. */
export type JobsMode = 'on' | 'off';

export interface JobInfo {
  id: string;
  name: string;
}
export type JobHandler<N extends JobName> = (payload: PayloadOf<N>, job: JobInfo) => Promise<void>;

export interface EnqueueOptions {
  /** A date, or seconds from now. */
  startAfter?: Date | number;
  /** A job still waiting after this long is dropped instead of run (a code mail past its code's life). */
  retentionMinutes?: number;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  singletonKey?: string;
}

/** One job of `enqueueMany`: the queue's own retry settings apply. */
export type QueuedJob = {
  [N in JobName]: { name: N; payload: PayloadOf<N>; startAfter?: Date };
}[JobName];

/** How the first attempt of a job ended, as far as the caller was willing to wait. */
export type AttemptOutcome = 'completed' | 'failed' | 'pending';

export interface JobsLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobsOptions {
  mode: JobsMode;
  log?: JobsLog;
  /** Scales every catalogue polling interval (tests poll faster); pg-boss's floor is 0.5 s. */
  pollingIntervalSeconds?: number;
}

const ATTEMPT_POLL_MS = 200;

/**
 * What a stopped queue answers instead of the database. pg-boss reads `rows[0].count` from its
 * complete and fail commands without awaiting them, so an empty answer there is an unhandled rejection.
 */
function idleResult(text: string): { rows: unknown[] } {
  return { rows: /select count\(\*\) from results\s*$/i.test(text) ? [{ count: '0' }] : [] };
}

/** pg-boss's connection to the database the server already opened (DESIGN section 9). */
function executorOf(database: Database): Executor {
  const client = (database.db as unknown as { $client: unknown }).$client;
  return database.kind === 'pglite' ? pgliteExecutor(client as PGlite) : poolExecutor(client as pg.Pool);
}

/**
 * The job queue: pg-boss 10 over the server's own database. Every process enqueues; a process with
 * JOBS=on also works the queues, runs the cron schedule and pg-boss's maintenance.
 */
export class Jobs {
  readonly schema: string;
  readonly mode: JobsMode;
  readonly boss: PgBoss;
  private readonly executor: Executor;
  private readonly handlers = new Map<string, (payload: unknown, job: JobInfo) => Promise<void>>();
  private readonly workers = new Map<string, string>();
  private readonly attempts = new Map<string, Set<(ok: boolean) => void>>();
  private state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  private starting: Promise<void> | undefined;

  constructor(
    readonly database: Database,
    private readonly options: JobsOptions,
  ) {
    this.mode = options.mode;
    this.schema = jobSchemaOf(database.schemaName);
    const direct = executorOf(database);
    // Once stopped, a late completion pg-boss fires without awaiting must not reach a closed database.
    this.executor = {
      executeSql: (text, values) =>
        this.state === 'stopped' ? Promise.resolve(idleResult(text)) : direct.executeSql(text, values),
    };
    const working = this.mode === 'on';
    this.boss = new PgBoss({
      db: this.executor as PgBoss.Db,
      schema: this.schema,
      // The schema and the queues are installed by `migrate`, as the owner of the tables.
      migrate: false,
      supervise: working,
      schedule: working,
      maintenanceIntervalSeconds: 300,
      // Completed jobs (a mail job holds the mail) leave the live table after an hour, the archive after two days.
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 2,
    });
    this.boss.on('error', (error) => this.options.log?.error({ err: error }, 'job queue error'));
    this.register('jobs.ping', async () => {});
  }

  /** An area's handler for one job of the catalogue; registered before `start`. */
  register<N extends JobName>(name: N, handler: JobHandler<N>): void {
    if (!definitionOf(name)) throw new Error(`Unknown job ${name}`);
    this.handlers.set(name, handler as (payload: unknown, job: JobInfo) => Promise<void>);
  }

  /**
   * Adds a job. With a transaction, the job is written by that transaction: it exists only if the
   * transaction commits. Without one, a local worker is woken at once.
   */
  async enqueue<N extends JobName>(
    tx: DbOrTx | null,
    name: N,
    payload: PayloadOf<N>,
    options: EnqueueOptions = {},
  ): Promise<string> {
    const definition = definitionOf(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    const data = definition.payload.parse(payload) as object;
    // pg-boss refuses an option present but undefined ('retryLimit' in options), so only set ones pass.
    const send = Object.fromEntries(
      Object.entries(options).filter(([, value]) => value !== undefined),
    ) as PgBoss.SendOptions;
    if (tx) send.db = drizzleExecutor(tx) as PgBoss.Db;
    const id = await this.boss.send(name, data, send);
    if (!id) throw new Error(`The job ${name} was not added`);
    if (!tx) this.wake(name);
    return id;
  }

  /**
   * Adds several jobs, of any queues, in one statement written by `tx` (they exist only if it
   * commits): what one change sets off together, such as a confirmation mail and its reminders.
   */
  async enqueueMany(tx: DbOrTx, jobs: QueuedJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const rows: PgBoss.JobInsert[] = jobs.map(({ name, payload, startAfter }) => {
      const definition = definitionOf(name);
      if (!definition) throw new Error(`Unknown job ${name}`);
      const data = definition.payload.parse(payload) as object;
      return startAfter ? { name, data, startAfter } : { name, data };
    });
    await this.boss.insert(rows, { db: drizzleExecutor(tx) as PgBoss.Db });
  }

  /** Makes this process's worker of a queue look for work now (a job was just committed). */
  wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  async start(): Promise<void> {
    if (this.state !== 'new') return this.starting;
    this.state = 'starting';
    this.starting = this.open();
    return this.starting;
  }

  private async open(): Promise<void> {
    await this.boss.start();
    if (this.mode === 'on') {
      for (const [name, handler] of this.handlers) await this.work(name, handler);
    }
    this.state = 'started';
  }

  private async work(name: string, handler: (payload: unknown, job: JobInfo) => Promise<void>) {
    const definition = definitionOf(name)!;
    const polling = Math.max(0.5, this.options.pollingIntervalSeconds ?? definition.pollingIntervalSeconds);
    const workerId = await this.boss.work<unknown>(
      name,
      { pollingIntervalSeconds: polling, batchSize: definition.batchSize },
      async (jobs) => {
        await Promise.all(
          jobs.map(async (job) => {
            try {
              await handler(definition.payload.parse(job.data), { id: job.id, name });
              this.settle(job.id, true);
            } catch (error) {
              this.settle(job.id, false);
              const message = error instanceof Error ? error.message : String(error);
              this.options.log?.warn({ job: job.id, queue: name, err: error }, 'job attempt failed');
              // Failed one by one, so the rest of the batch still completes (pg-boss completes the batch).
              await this.boss.fail(name, job.id, { message }).catch((failError: unknown) => {
                // The job stays active and pg-boss's expiry retries it; the batch must still settle.
                this.options.log?.error(
                  { job: job.id, queue: name, err: failError },
                  'job failure not recorded',
                );
              });
            }
          }),
        );
        // A full batch means more may be waiting: fetch again at once instead of after the interval.
        if (jobs.length === definition.batchSize) this.boss.notifyWorker(workerId);
      },
    );
    this.workers.set(name, workerId);
    if (definition.cron) await this.boss.schedule(name, definition.cron, {}, { tz: 'UTC' });
  }

  private settle(id: string, ok: boolean) {
    const listeners = this.attempts.get(id);
    if (!listeners) return;
    this.attempts.delete(id);
    for (const listener of listeners) listener(ok);
  }

  /**
   * Waits, at most `timeoutMs`, for the first attempt of a job: at once when this process works it,
   * else by reading the job's state (another process, JOBS=off here). `pending` when nobody tried yet.
   */
  firstAttempt(name: JobName, id: string, timeoutMs: number): Promise<AttemptOutcome> {
    return new Promise((resolve) => {
      let done = false;
      let reading = false;
      const listener = (ok: boolean) => finish(ok ? 'completed' : 'failed');
      const finish = (outcome: AttemptOutcome) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        this.attempts.get(id)?.delete(listener);
        resolve(outcome);
      };
      const listeners = this.attempts.get(id) ?? new Set();
      listeners.add(listener);
      this.attempts.set(id, listeners);
      const timer = setTimeout(() => finish('pending'), timeoutMs);
      const poll = setInterval(async () => {
        if (reading || done) return;
        reading = true;
        try {
          const job = await this.boss.getJobById(name, id);
          if (job?.state === 'completed') finish('completed');
          else if (job?.state === 'retry' || job?.state === 'failed') finish('failed');
        } catch {
          // The next read tries again; the timeout bounds the wait.
        } finally {
          reading = false;
        }
      }, ATTEMPT_POLL_MS);
    });
  }

  /** Resolves once no job of a queue waits to run or runs (a retry waiting for its delay does not count). */
  async drain(name: JobName, timeoutMs = 10_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await this.query<{ n: number }>(
        `select count(*)::int as n from ${this.schema}.job where name = $1 and (state = 'active' or (state = 'created' and start_after <= now()))`,
        [name],
      );
      if (Number(row?.n ?? 0) === 0) return;
      if (Date.now() > end) throw new Error(`The ${name} queue did not drain in ${timeoutMs} ms`);
      this.wake(name);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Reads pg-boss's tables (administration, tests). */
  query<T>(text: string, values?: unknown[]): Promise<T[]> {
    return this.executor.executeSql(text, values).then((result) => result.rows as T[]);
  }

  /** Stops working: in-flight jobs get `timeoutMs` to finish, then count as failed (and are retried). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.state === 'stopped') return;
    if (this.state === 'starting') await this.starting?.catch(() => {});
    if (this.state === 'started') {
      await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
    }
    this.state = 'stopped';
  }

  get names(): string[] {
    return JOB_DEFINITIONS.map((definition) => definition.name);
  }
}
