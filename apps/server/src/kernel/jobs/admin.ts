import type { DeadJob, JobQueue } from '@nexus/contracts';
import type PgBoss from 'pg-boss';
import { deadLetterOf, definitionOf, JOB_DEFINITIONS } from './catalogue';
import { drizzleExecutor } from './executors';
import type { Jobs } from './jobs';

const STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** Every catalogue queue with its jobs counted by state, and the dead letters waiting beside it. */
export async function listQueues(jobs: Jobs): Promise<JobQueue[]> {
  const names = JOB_DEFINITIONS.flatMap((definition) => [definition.name, deadLetterOf(definition.name)]);
  const counts = await jobs.query<{ name: string; state: string; n: number }>(
    `select name, state::text as state, count(*)::int as n from ${jobs.schema}.job
     where name = any($1::text[]) group by name, state`,
    [names],
  );
  const count = (name: string, state?: string) =>
    counts
      .filter((row) => row.name === name && (state === undefined || row.state === state))
      .reduce((sum, row) => sum + Number(row.n), 0);
  return JOB_DEFINITIONS.map((definition) => {
    const dead = deadLetterOf(definition.name);
    const byState = Object.fromEntries(STATES.map((state) => [state, count(definition.name, state)]));
    return {
      name: definition.name,
      dead_letter: dead,
      retry_limit: definition.retryLimit,
      ...(byState as Record<(typeof STATES)[number], number>),
      dead: count(dead, 'created') + count(dead, 'retry'),
    };
  });
}

interface DeadRow {
  id: string;
  name: string;
  data: unknown;
  output: { message?: string; value?: { message?: string } } | null;
  created_on: Date | string;
  total: number;
}

function summaryOf(queue: string, data: unknown): string {
  const definition = definitionOf(queue);
  const parsed = definition?.payload.safeParse(data);
  return definition && parsed?.success ? definition.summarize(parsed.data) : queue;
}

/** Dead letters, newest first: the jobs that used up their retries, waiting for an administrator. */
export async function listDeadJobs(
  jobs: Jobs,
  query: { page: number; limit: number; queue?: string },
): Promise<{
  data: DeadJob[];
  meta: { page: number; limit: number; total: number; totalPages: number; totalExact: boolean };
}> {
  const origins = JOB_DEFINITIONS.map((definition) => definition.name).filter(
    (name) => query.queue === undefined || name === query.queue,
  );
  const deadQueues = origins.map(deadLetterOf);
  const rows = await jobs.query<DeadRow>(
    `select id, name, data, output, created_on, count(*) over ()::int as total from ${jobs.schema}.job
     where name = any($1::text[]) and state < 'active'
     order by created_on desc, id limit $2 offset $3`,
    [deadQueues, query.limit, (query.page - 1) * query.limit],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [row] = await jobs.query<{ n: number }>(
      `select count(*)::int as n from ${jobs.schema}.job where name = any($1::text[]) and state < 'active'`,
      [deadQueues],
    );
    total = Number(row?.n ?? 0);
  }
  const data = rows.map((row) => {
    const queue = row.name.replace(/\.dead$/, '');
    return {
      job_id: row.id,
      queue,
      dead_letter_queue: row.name,
      summary: summaryOf(queue, row.data),
      error: row.output?.message ?? row.output?.value?.message ?? null,
      created_at: new Date(row.created_on).toISOString(),
    };
  });
  total = Number(total);
  return {
    data,
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
}

/**
 * Runs a dead job again: a new job of its own queue, with fresh retries, and the dead letter removed,
 * both in one transaction. Null when no dead job has this id (already retried, or never dead).
 */
export async function retryDeadJob(
  jobs: Jobs,
  id: string,
): Promise<{ job_id: string; queue: string } | null> {
  const deadQueues = JOB_DEFINITIONS.map((definition) => deadLetterOf(definition.name));
  const result = await jobs.database.db.transaction(async (tx) => {
    const db = drizzleExecutor(tx);
    const { rows } = await db.executeSql(
      `delete from ${jobs.schema}.job where id = $1::uuid and name = any($2::text[]) and state < 'active'
       returning name, data`,
      [id, deadQueues],
    );
    const dead = rows[0] as { name: string; data: object } | undefined;
    if (!dead) return null;
    const queue = dead.name.replace(/\.dead$/, '');
    const jobId = await jobs.boss.send(queue, dead.data, { db } as PgBoss.SendOptions);
    return jobId ? { job_id: jobId, queue } : null;
  });
  if (result) jobs.wake(result.queue);
  return result;
}
