import { JOB_MESSAGES, JOBS_API } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const retry = (id: string) => t.app.inject({ method: 'POST', url: `${JOBS_API}/retryDeadJob/${id}` });

/**
 * A job that used up its retries: a ping whose only attempt failed, in the ping's dead letters. It
 * waits an hour to start, so the app's own ping worker cannot complete it before it is failed here.
 */
async function deadPing(): Promise<string> {
  const id = await t.app.jobs.enqueue(null, 'jobs.ping', { n: 7 }, { retryLimit: 0, startAfter: 3600 });
  await t.app.jobs.boss.fail('jobs.ping', id, { message: 'refused by the outside system' });
  const [dead] = await t.app.jobs.query<{ id: string }>(
    `select id from ${t.app.jobs.schema}.job where name = 'jobs.ping.dead' order by created_on desc limit 1`,
  );
  return dead!.id;
}

describe('job administration (platform admins only)', () => {
  it('lists queues with counts and dead letters, and retries a dead job once', async () => {
    const admin = await makeUser(t.database);
    const deadId = await deadPing();
    t.actAs(platformAdmin(admin.user_id));
    const queues = await get(`${JOBS_API}/getQueues`);
    expect(queues.statusCode).toBe(200);
    const names = queues.json().data.map((queue: { name: string }) => queue.name);
    expect(names).toEqual(expect.arrayContaining(['mail.send', 'maintenance.cleanup', 'jobs.ping']));
    const ping = queues.json().data.find((queue: { name: string }) => queue.name === 'jobs.ping');
    expect(ping).toMatchObject({ dead_letter: 'jobs.ping.dead', failed: 1, dead: 1 });

    const dead = await get(`${JOBS_API}/getDeadJobs?page=1&limit=5`);
    expect(dead.statusCode).toBe(200);
    expect(dead.json().meta).toMatchObject({ page: 1, limit: 5, total: 1, totalPages: 1 });
    expect(dead.json().data[0]).toMatchObject({
      job_id: deadId,
      queue: 'jobs.ping',
      summary: 'ping 7',
      error: 'refused by the outside system',
    });
    expect((await get(`${JOBS_API}/getDeadJobs?queue=mail.send`)).json().meta.total).toBe(0);
    expect((await get(`${JOBS_API}/getDeadJobs?limit=500`)).statusCode).toBe(400);

    const retried = await retry(deadId);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.queue).toBe('jobs.ping');
    const again = await retry(deadId);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(JOB_MESSAGES.notFound);
    expect((await retry('not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses a member, a tenant administrator and a signed-out caller', async () => {
    const user = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    const id = '00000000-0000-4000-8000-000000000000';
    for (const actor of [member(user.user_id, null), tenantAdmin(user.user_id, tenant.tenant_id), null]) {
      t.actAs(actor);
      const status = actor ? 403 : 401;
      expect((await get(`${JOBS_API}/getQueues`)).statusCode).toBe(status);
      expect((await get(`${JOBS_API}/getDeadJobs`)).statusCode).toBe(status);
      expect((await retry(id)).statusCode).toBe(status);
    }
  });
});
