import { describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { makeUser, member } from '../../test/factories';
import { competitionKit } from './test-kit';

/** Issue 17 point 4: the organiser sets a competition's judges and finds people to make judges. */

const kit = competitionKit();

describe('judges', () => {
  it('sets judges all or nothing', async () => {
    const created = await kit.create(kit.adminA);
    const judgeId = await kit.newUser();
    const bad = await kit.call(kit.adminA, 'PUT', `setJudges/${created.competition_id}`, {
      user_ids: [judgeId, 99_999_999],
    });
    expect(bad.statusCode).toBe(400);
    expect((await kit.call(kit.adminA, 'GET', `getJudges/${created.competition_id}`)).json().data).toEqual(
      [],
    );
    const ok = await kit.call(kit.adminA, 'PUT', `setJudges/${created.competition_id}`, {
      user_ids: [judgeId],
    });
    expect(ok.json().data.map((j: { user_id: number }) => j.user_id)).toEqual([judgeId]);
    expect(
      (await kit.call(kit.adminB, 'PUT', `setJudges/${created.competition_id}`, { user_ids: [] })).statusCode,
    ).toBe(404);
    // The organiser finds people of the tenant by name; a member who is no captain may not search.
    const inA = await makeUser(kit.t.database, { first_name: 'Zebulon' });
    const inB = await makeUser(kit.t.database, { first_name: 'Zebulon' });
    await kit.t.database.system.insert(userRoles).values([
      { user_id: inA.user_id, role_id: 2, tenant_id: kit.tenantA },
      { user_id: inB.user_id, role_id: 2, tenant_id: kit.tenantB },
    ]);
    const found = await kit.call(kit.adminA, 'GET', `getPeople/${created.competition_id}?search=zebulon`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((p: { user_id: number }) => p.user_id)).toEqual([inA.user_id]);
    const learner = member(await kit.newUser(), kit.tenantA);
    expect((await kit.call(learner, 'GET', `getPeople/${created.competition_id}`)).statusCode).toBe(403);
    expect((await kit.call(kit.adminB, 'GET', `getPeople/${created.competition_id}`)).statusCode).toBe(404);
    expect((await kit.call(null, 'GET', `getPeople/${created.competition_id}`)).statusCode).toBe(401);
  });
});
