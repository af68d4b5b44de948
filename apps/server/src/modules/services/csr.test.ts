import { CSR_API, CSR_MESSAGES } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22: CSR projects, interest once per person, the publisher's view of the interests. */

let t: TestApp;
let adminA: Actor;
let adminB: Actor;
let mia: Actor;
let leo: Actor;

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Solar for schools',
  description: 'Rooftop solar for ten rural schools.',
  cause: 'environment',
  budget_min: 500_000,
  budget_max: 2_000_000,
  location: 'Karnataka',
  ...overrides,
});
const call = (actor: Actor | null, method: 'GET' | 'POST', url: string, payload?: unknown) => {
  t.actAs(actor);
  return t.app.inject({
    method,
    url: `${CSR_API}${url}`,
    ...(payload ? { payload: payload as object } : {}),
  });
};

beforeAll(async () => {
  t = await makeApp();
  const a = (await makeTenant(t.database, { tenant_name: 'Acme CSR' })).tenant_id;
  const b = (await makeTenant(t.database)).tenant_id;
  adminA = tenantAdmin((await makeUser(t.database)).user_id, a);
  adminB = tenantAdmin((await makeUser(t.database)).user_id, b);
  mia = member((await makeUser(t.database, { first_name: 'Mia', last_name: 'Ng' })).user_id, null);
  leo = member((await makeUser(t.database)).user_id, null);
});
afterAll(async () => {
  await t?.close();
});

describe('CSR projects', () => {
  it('publishes for a tenant admin and lists with only the defaults', async () => {
    const created = await call(adminA, 'POST', '/createProject', body());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ organisation: 'Acme CSR', status: 'open', can_manage: true });
    const list = await call(mia, 'GET', '/getProjects');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ page: 1, limit: 12, total: 1 });
    expect(list.json().data[0]).toMatchObject({
      title: 'Solar for schools',
      can_manage: false,
      interests: 0,
    });
  });

  it('searches, filters and paginates', async () => {
    await call(
      adminA,
      'POST',
      '/createProject',
      body({ title: 'Girls who code', cause: 'education', status: 'closed' }),
    );
    expect((await call(mia, 'GET', '/getProjects?search=code')).json().data).toHaveLength(1);
    expect((await call(mia, 'GET', '/getProjects?cause=environment')).json().data[0].title).toBe(
      'Solar for schools',
    );
    expect((await call(mia, 'GET', '/getProjects?status=closed')).json().data[0].title).toBe(
      'Girls who code',
    );
    const paged = await call(mia, 'GET', '/getProjects?limit=1&page=2');
    expect(paged.json()).toMatchObject({ meta: { page: 2, totalPages: 2 } });
    expect((await call(mia, 'GET', '/getProjects?status=maybe')).statusCode).toBe(400);
  });

  it('refuses members, signed-out callers and a reversed budget', async () => {
    expect((await call(mia, 'POST', '/createProject', body())).statusCode).toBe(403);
    expect((await call(null, 'POST', '/createProject', body())).statusCode).toBe(401);
    expect((await call(null, 'GET', '/getProjects')).statusCode).toBe(401);
    const reversed = await call(adminA, 'POST', '/createProject', body({ budget_min: 10, budget_max: 5 }));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain(CSR_MESSAGES.budgetOrder);
  });

  it('takes interest once per person; only the publisher reads the interests', async () => {
    const { project_id } = (
      await call(adminA, 'POST', '/createProject', body({ title: 'Clean water' }))
    ).json().data;
    const sent = await call(mia, 'POST', '/expressInterest', { project_id, message: 'We can fund half.' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.interested).toBe(true);
    const again = await call(mia, 'POST', '/expressInterest', { project_id, message: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CSR_MESSAGES.alreadyInterested);
    expect((await call(leo, 'POST', '/expressInterest', { project_id, message: '' })).statusCode).toBe(400);
    const interests = await call(adminA, 'GET', `/getInterests/${project_id}`);
    expect(interests.json().data).toEqual([
      expect.objectContaining({ name: 'Mia Ng', message: 'We can fund half.' }),
    ]);
    expect((await call(adminB, 'GET', `/getInterests/${project_id}`)).statusCode).toBe(404);
    expect((await call(mia, 'GET', `/getInterests/${project_id}`)).statusCode).toBe(403);
    const listed = (await call(adminA, 'GET', '/getProjects?search=water')).json().data[0];
    expect(listed).toMatchObject({ can_manage: true, interests: 1 });
  });

  it('refuses interest in a closed or missing project', async () => {
    const { project_id } = (
      await call(adminA, 'POST', '/createProject', body({ title: 'Done', status: 'closed' }))
    ).json().data;
    expect((await call(mia, 'POST', '/expressInterest', { project_id, message: 'Hi' })).json().message).toBe(
      CSR_MESSAGES.closed,
    );
    expect(
      (await call(mia, 'POST', '/expressInterest', { project_id: 2_147_000_000, message: 'Hi' })).statusCode,
    ).toBe(404);
  });
});
