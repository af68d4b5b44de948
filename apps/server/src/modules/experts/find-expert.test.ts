import { EXPERT_MESSAGES, EXPERTS_API } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { expertsKit } from './test-kit';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const { person, call, expert, slots, book } = expertsKit(() => t);

describe('find-expert', () => {
  it('lists with only its defaults, and filters by expertise, language, words and a free slot', async () => {
    const e = await expert();
    const viewer = await person();
    const plain = await call(viewer, 'GET', `${EXPERTS_API}/findExperts`);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().meta).toMatchObject({ page: 1, limit: 12 });
    expect(plain.json().meta.total).toBeGreaterThan(0);
    const ids = async (query: string) =>
      (await call(viewer, 'GET', `${EXPERTS_API}/findExperts?limit=50&${query}`))
        .json()
        .data.map((row: { user_id: number }) => row.user_id);
    expect(await ids('expertise=FUNDRAISING')).toContain(e.userId);
    expect(await ids('expertise=baking')).not.toContain(e.userId);
    expect(await ids('language=de')).toContain(e.userId);
    expect(await ids('language=fr')).not.toContain(e.userId);
    expect(await ids('search=hardware%20startups')).toContain(e.userId);
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect(await ids(`free_before=${encodeURIComponent(soon)}`)).toContain(e.userId);
    expect(
      await ids(`free_before=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`),
    ).not.toContain(e.userId);
    expect((await call(viewer, 'GET', `${EXPERTS_API}/findExperts?limit=500`)).statusCode).toBe(400);
    expect((await call(viewer, 'GET', `${EXPERTS_API}/findExperts?free_before=tomorrow`)).statusCode).toBe(
      400,
    );
  });

  it('hides an organisation-only expert from other tenants (404 as if missing)', async () => {
    const tenantA = (await makeTenant(t.database)).tenant_id;
    const tenantB = (await makeTenant(t.database)).tenant_id;
    const e = await expert({ tenantId: tenantA, audience: 'tenant' });
    const insider = await person(tenantA);
    const outsider = await person(tenantB);
    expect((await call(insider, 'GET', `${EXPERTS_API}/getExpert/${e.userId}`)).statusCode).toBe(200);
    const hidden = await call(outsider, 'GET', `${EXPERTS_API}/getExpert/${e.userId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(EXPERT_MESSAGES.expertNotFound);
    expect((await call(outsider, 'GET', `${EXPERTS_API}/getSlots/${e.userId}`)).statusCode).toBe(404);
    const slot = (await slots(insider, e.userId)).at(-1)!;
    expect((await book(outsider, { expert_id: e.userId, starts_at: slot.starts_at })).statusCode).toBe(404);
    const found = await call(outsider, 'GET', `${EXPERTS_API}/findExperts?limit=50&search=hardware`);
    expect(found.json().data.map((row: { user_id: number }) => row.user_id)).not.toContain(e.userId);
  });
});

describe('find-expert totals', () => {
  const find = async (viewer: Parameters<typeof call>[0], query = '') => {
    const answer = await call(viewer, 'GET', `${EXPERTS_API}/findExperts${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as { data: { user_id: number }[]; meta: { total: number; totalPages: number } };
  };

  it('counts a repeated search again as soon as a profile is published or withdrawn', async () => {
    const viewer = await person();
    const before = (await find(viewer, '?expertise=hardware')).meta.total;
    expect((await find(viewer, '?expertise=hardware')).meta.total).toBe(before);
    const e = await expert();
    expect((await find(viewer, '?expertise=hardware')).meta.total).toBe(before + 1);
    const hidden = await call(e, 'PUT', `${EXPERTS_API}/updateMyProfile`, {
      headline: 'Fundraising for hardware startups',
      expertise: ['fundraising', 'hardware'],
      languages: ['en'],
      time_zone: 'Europe/Berlin',
      session_minutes: 60,
      buffer_minutes: 15,
      audience: 'platform',
      is_published: false,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await find(viewer, '?expertise=hardware')).meta.total).toBe(before);
  });

  it('pages the soonest free first, and each viewer counts only the experts they may see', async () => {
    const tenant = (await makeTenant(t.database)).tenant_id;
    for (let i = 0; i < 3; i++) await expert({ tenantId: tenant, audience: 'tenant' });
    const insider = await person(tenant);
    const outsider = await person();
    const inside = await find(insider, '?limit=2');
    const outside = await find(outsider, '?limit=2');
    expect(inside.meta.total - outside.meta.total).toBe(3);
    expect(inside.meta.totalPages).toBe(Math.ceil(inside.meta.total / 2));
    const second = await find(insider, '?limit=2&page=2');
    expect(second.data.map((row) => row.user_id)).not.toContain(inside.data[0]!.user_id);
  });
});
