import { ECOSYSTEM_API } from '@nexus/contracts';
import { expect } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeUser, member } from '../../test/factories';
import type { TestApp } from '../../test/make-app';

/** Test helpers of the ecosystem's server tests (not product code: imported by *.test.ts only). */
export function caller(t: TestApp) {
  return (actor: Actor | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    t.actAs(actor);
    return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
}

export async function somebody(t: TestApp, tenantId: number | null = null): Promise<Actor> {
  return member((await makeUser(t.database)).user_id, tenantId);
}

export const STARTUP = {
  name: 'Solar Loop',
  tagline: 'Pay-as-you-go solar for farms',
  sector: 'climate',
  stage: 'mvp',
  country: 'KE',
  traction: '1,200 paying farms; 18% monthly growth',
  funding_asked: 250000,
};

export async function makeStartup(t: TestApp, owner: Actor, overrides: Record<string, unknown> = {}) {
  const response = await caller(t)(owner, 'POST', `${ECOSYSTEM_API}/createStartup`, {
    ...STARTUP,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { startup_id: number };
}

export async function makeCenter(t: TestApp, owner: Actor) {
  const call = caller(t);
  const center = await call(owner, 'POST', `${ECOSYSTEM_API}/createCenter`, {
    name: 'Savannah Accelerator',
    kind: 'accelerator',
    country: 'KE',
    sectors: ['climate', 'agriculture'],
    criteria: ['Team', 'Market'],
  });
  expect(center.statusCode, center.body).toBe(201);
  const centerId = center.json().data.center_id as number;
  const cohort = await call(owner, 'POST', `${ECOSYSTEM_API}/createCohort/${centerId}`, {
    name: 'Cohort 7',
    opens_at: new Date(Date.now() - 86_400_000).toISOString(),
    closes_at: new Date(Date.now() + 86_400_000 * 30).toISOString(),
  });
  expect(cohort.statusCode, cohort.body).toBe(201);
  return { centerId, cohortId: cohort.json().data.cohort_id as number };
}
