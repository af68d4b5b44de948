import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client';
import { makeTestDatabase } from '../../test/make-app';
import { listDeadJobs, listQueues, retryDeadJob } from './admin';
import { Jobs } from './jobs';

let database: Database;
let drop: () => Promise<void>;
const running: Jobs[] = [];

beforeAll(async () => {
  ({ database, drop } = await makeTestDatabase());
});
afterAll(async () => {
  for (const jobs of running) await jobs.stop(1000);
  await drop();
});

function jobsOn(db: Database, mode: 'on' | 'off' = 'on'): Jobs {
  const jobs = new Jobs(db, { mode, pollingIntervalSeconds: 0.5 });
  running.push(jobs);
  return jobs;
}

async function stateOf(jobs: Jobs, id: string): Promise<string | undefined> {
  const [row] = await jobs.query<{ state: string }>(
    `select state::text as state from ${jobs.schema}.job where id = $1::uuid`,
    [id],
  );
  return row?.state;
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('jobs on pg-boss', () => {
  it('writes a job with the transaction around it: a rolled-back write leaves no job', async () => {
    const jobs = jobsOn(database, 'off');
    await jobs.start();
    let kept = '';
    await database.db.transaction(async (tx) => {
      kept = await jobs.enqueue(tx, 'jobs.ping', { n: 1 });
    });
    let dropped = '';
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        dropped = await jobs.enqueue(tx, 'jobs.ping', { n: 2 });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(dropped).not.toBe('');
    expect(await stateOf(jobs, kept)).toBe('created');
    expect(await stateOf(jobs, dropped)).toBeUndefined();
  });

  it('with JOBS=off enqueues but never works; a working process picks the job up', async () => {
    const api = jobsOn(database, 'off');
    let worked = 0;
    api.register('jobs.ping', async () => {
      worked += 1;
    });
    await api.start();
    const id = await api.enqueue(null, 'jobs.ping', { n: 3 });
    expect(await api.firstAttempt('jobs.ping', id, 1500)).toBe('pending');
    expect(worked).toBe(0);
    expect(await stateOf(api, id)).toBe('created');

    const worker = jobsOn(database);
    await worker.start();
    // The API process learns the outcome from the job's row, not from its own worker.
    expect(await api.firstAttempt('jobs.ping', id, 10_000)).toBe('completed');
    await worker.stop(1000);
  });

  it('retries a failing job with its delay, then moves it to the dead letters, where it can be retried', async () => {
    const jobs = jobsOn(database);
    let attempts = 0;
    let healthy = false;
    jobs.register('jobs.ping', async () => {
      attempts += 1;
      if (!healthy) throw new Error('the outside system is down');
    });
    await jobs.start();
    const id = await jobs.enqueue(null, 'jobs.ping', { n: 4 }, { retryLimit: 2, retryDelay: 1 });
    expect(await jobs.firstAttempt('jobs.ping', id, 10_000)).toBe('failed');
    await until(async () => (await stateOf(jobs, id)) === 'failed');
    expect(attempts).toBe(3);

    const [queue] = (await listQueues(jobs)).filter((q) => q.name === 'jobs.ping');
    expect(queue).toMatchObject({ dead_letter: 'jobs.ping.dead', failed: 1, dead: 1 });
    const dead = await listDeadJobs(jobs, { page: 1, limit: 10, queue: 'jobs.ping' });
    expect(dead.meta.total).toBe(1);
    expect(dead.data[0]).toMatchObject({
      queue: 'jobs.ping',
      summary: 'ping 4',
      error: 'the outside system is down',
    });

    healthy = true;
    const retried = await retryDeadJob(jobs, dead.data[0]!.job_id);
    expect(retried?.queue).toBe('jobs.ping');
    await until(async () => (await stateOf(jobs, retried!.job_id)) === 'completed');
    expect((await listDeadJobs(jobs, { page: 1, limit: 10 })).meta.total).toBe(0);
    expect(await retryDeadJob(jobs, dead.data[0]!.job_id)).toBeNull();
    await jobs.stop(1000);
  });

  it('stops gracefully: an in-flight job finishes, one that runs too long is failed and retried later', async () => {
    // A stopped Jobs no longer touches the database: another one reads the states.
    const reader = jobsOn(database, 'off');
    const jobs = jobsOn(database);
    let started = 0;
    let slow = true;
    jobs.register('jobs.ping', async ({ n }) => {
      started += 1;
      await new Promise((resolve) => setTimeout(resolve, n === 5 ? 800 : 60_000));
      slow = false;
    });
    await jobs.start();
    const quick = await jobs.enqueue(null, 'jobs.ping', { n: 5 }, { retryLimit: 1 });
    await until(async () => started === 1);
    await jobs.stop(5000);
    expect(await stateOf(reader, quick)).toBe('completed');
    expect(slow).toBe(false);

    const second = jobsOn(database);
    let begun = false;
    second.register('jobs.ping', async () => {
      begun = true;
      await new Promise((resolve) => setTimeout(resolve, 60_000));
    });
    await second.start();
    const stuck = await second.enqueue(null, 'jobs.ping', { n: 6 }, { retryLimit: 1 });
    await until(async () => begun);
    const stopping = Date.now();
    await second.stop(1000);
    expect(Date.now() - stopping).toBeLessThan(5000);
    expect(await stateOf(reader, stuck)).toBe('retry');
  });

  it('once stopped, answers the completions pg-boss fires without awaiting, instead of rejecting them', async () => {
    const jobs = jobsOn(database);
    await jobs.start();
    await jobs.stop(1000);
    const id = '00000000-0000-4000-8000-000000000001';
    // pg-boss calls these unawaited when a handler settles after stop: a rejection would be unhandled.
    await expect(jobs.boss.complete('jobs.ping', id)).resolves.toMatchObject({ affected: 0 });
    await expect(jobs.boss.fail('jobs.ping', id, { message: 'late' })).resolves.toMatchObject({
      affected: 0,
    });
  });

  it('two workers on one database work every job exactly once', async () => {
    // On PostgreSQL the second worker has connections of its own, as a second process would.
    const url = process.env.TEST_DATABASE_URL;
    const other = url ? await openDatabase({ url, searchPath: database.schemaName, poolSize: 4 }) : database;
    try {
      const seen: string[] = [];
      const a = jobsOn(database);
      const b = jobsOn(other);
      a.register('jobs.ping', async (_payload, job) => {
        seen.push(job.id);
      });
      b.register('jobs.ping', async (_payload, job) => {
        seen.push(job.id);
      });
      const total = 300;
      const sent = new Set<string>();
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < total; n++) sent.add(await a.enqueue(tx, 'jobs.ping', { n }));
      });
      const ours = () => seen.filter((id) => sent.has(id));
      await Promise.all([a.start(), b.start()]);
      await until(async () => ours().length >= total, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(ours()).toHaveLength(total);
      expect(new Set(ours()).size).toBe(total);
      await Promise.all([a.stop(1000), b.stop(1000)]);
    } finally {
      if (other !== database) await other.close();
    }
  });
});
