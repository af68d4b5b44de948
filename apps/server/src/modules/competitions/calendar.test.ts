import { CALENDAR_API, COMPETITIONS_API } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 17 point 4: round deadlines in the participants' calendar (calendar source `competitions`). */

let t: TestApp;
let tenantA: number;
let organiser: Actor;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function call(actor: Actor | null, method: 'GET' | 'POST', url: string, payload?: object) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload ? { payload } : {}) });
}

async function itemsOf(actor: Actor) {
  const response = await call(
    actor,
    'GET',
    `${CALENDAR_API}/getItems?start=${encodeURIComponent(inDays(-1))}&end=${encodeURIComponent(inDays(30))}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json().data as { uid: string; title: string; kind: string; end: string; url: string }[]
  ).filter((item) => item.kind === 'competition_deadline');
}

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  organiser = tenantAdmin((await makeUser(t.database)).user_id, tenantA);
});
afterAll(async () => {
  await t?.close();
});

describe('competition deadlines in the calendar', () => {
  it("shows the reached round's deadline to entrants only, linking to their submission page", async () => {
    const created = await call(organiser, 'POST', `${COMPETITIONS_API}/createCompetition`, {
      title: 'Campus hack',
      status: 'published',
      rounds: [
        { name: 'Ideas', submission_deadline: inDays(7), criteria: [{ name: 'Impact', weight: 1 }] },
        { name: 'Final', submission_deadline: inDays(14), criteria: [{ name: 'Impact', weight: 1 }] },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const competition = created.json().data as { competition_id: number; rounds: { round_id: number }[] };
    const entrant = member((await makeUser(t.database)).user_id, tenantA);
    const bystander = member((await makeUser(t.database)).user_id, tenantA);
    const entered = await call(
      entrant,
      'POST',
      `${COMPETITIONS_API}/register/${competition.competition_id}`,
      {
        kind: 'individual',
      },
    );
    expect(entered.statusCode, entered.body).toBe(201);

    const items = await itemsOf(entrant);
    // Only the first round: the entry has not been carried to the final yet.
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      uid: `competition-round-${competition.rounds[0]!.round_id}`,
      title: 'Deadline: Campus hack (Ideas)',
      url: `/events/registered-competition/${competition.competition_id}`,
    });
    expect(Math.abs(Date.parse(items[0]!.end) - Date.parse(inDays(7)))).toBeLessThan(60_000);
    expect(await itemsOf(bystander)).toEqual([]);
  });
});
