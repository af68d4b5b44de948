import { COMPETITIONS_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { competitionRounds } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { inDays } from '../../test/area-bodies';
import { makeTenant, makeUser, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

export { inDays } from '../../test/area-bodies';

/** The criteria of every round unless a test names others: Impact weighs twice Execution. */
const TWO_CRITERIA = [
  { name: 'Impact', weight: 2 },
  { name: 'Execution', weight: 1 },
];

/** `n` rounds a week apart, each with the same criteria. */
export const roundsOf = (n = 1, criteria: { name: string; weight: number }[] = TWO_CRITERIA) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Round ${i + 1}`,
    submission_deadline: inDays(7 * (i + 1)),
    criteria,
  }));

export interface CreatedCompetition {
  competition_id: number;
  rounds: { round_id: number; criteria: { criterion_id: number }[] }[];
}

/**
 * The app of one test file, its organisers (two tenants with an admin each, and a platform admin)
 * and calls of the competitions API as one actor or another. It registers the file's beforeAll and
 * afterAll, so its fields are there from the first test on.
 */
export function competitionKit() {
  let app: TestApp | undefined;
  const t = () => {
    if (!app) throw new Error('The competitions kit is used before its beforeAll ran.');
    return app;
  };
  const call = (
    actor: Actor | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
  ) => {
    t().actAs(actor);
    return t().app.inject({
      method,
      url: `${COMPETITIONS_API}/${path}`,
      ...(payload !== undefined && { payload: payload as object }),
    });
  };
  const newUser = async (first_name = 'Test') => (await makeUser(t().database, { first_name })).user_id;
  const kit = {
    get t() {
      return t();
    },
    tenantA: 0,
    tenantB: 0,
    adminA: null as unknown as Actor,
    adminB: null as unknown as Actor,
    root: null as unknown as Actor,
    call,
    newUser,
    /** Creates a published competition of one round, with `payload` spread over the defaults. */
    async create(actor: Actor, payload: Record<string, unknown> = {}): Promise<CreatedCompetition> {
      const response = await call(actor, 'POST', 'createCompetition', {
        title: `Challenge ${Math.random()}`,
        brief: '<p>Build it</p>',
        status: 'published',
        rounds: roundsOf(),
        ...payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as CreatedCompetition;
    },
    /** Moves a round's deadline into the past, as time passing would. */
    async closeRound(roundId: number) {
      await t()
        .database.system.update(competitionRounds)
        .set({ submission_deadline: new Date(Date.now() - 1000) })
        .where(eq(competitionRounds.round_id, roundId));
    },
  };
  beforeAll(async () => {
    app = await makeApp();
    kit.tenantA = (await makeTenant(app.database)).tenant_id;
    kit.tenantB = (await makeTenant(app.database)).tenant_id;
    kit.adminA = tenantAdmin(await newUser(), kit.tenantA);
    kit.adminB = tenantAdmin(await newUser(), kit.tenantB);
    kit.root = platformAdmin(await newUser());
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });
  return kit;
}
