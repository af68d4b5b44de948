import { ECOSYSTEM_API, FUNDING_API } from '@nexus/contracts';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  applicationReviews,
  centerReviewers,
  cohortApplications,
  cohorts,
  fundingApplications,
  fundingCalls,
  innovationCenters,
  investors,
  profileSections,
  projectMembers,
  projects,
  startups,
} from '../db/schema';
import type { Actor } from '../http/policy';
import type { TestApp } from './make-app';

/**
 * The ecosystem's rows of tenant A's two people (issue 19). They belong to people, not to the tenant:
 * startups, projects, centers, investors and calls are public by design, but applications, reviews,
 * the deal-flow board and every write stay the owners' alone.
 */
export interface EcosystemRows {
  startupId: number;
  projectId: number;
  centerId: number;
  cohortId: number;
  cohortApplicationId: number;
  investorId: number;
  callId: number;
  fundingApplicationId: number;
}

async function created(t: TestApp, actor: Actor, url: string, payload: Record<string, unknown>) {
  t.actAs(actor);
  const response = await t.app.inject({ method: 'POST', url, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
  return response.json().data as Record<string, number>;
}

/** A's member founds a startup and a project and applies with it; A's admin runs a center and invests. */
export async function makeEcosystemRows(
  t: TestApp,
  marker: string,
  founder: Actor,
  host: Actor,
): Promise<EcosystemRows> {
  const E = ECOSYSTEM_API;
  const F = FUNDING_API;
  const startup = await created(t, founder, `${E}/createStartup`, {
    name: `${marker} startup`,
    tagline: `${marker} tagline`,
    sector: 'climate',
    stage: 'mvp',
    country: 'KE',
    traction: `${marker} traction`,
    funding_asked: 100_000,
  });
  const project = await created(t, founder, `${E}/createProject`, {
    title: `${marker} project`,
    summary: `${marker} summary`,
    sector: 'climate',
  });
  const center = await created(t, host, `${E}/createCenter`, {
    name: `${marker} center`,
    kind: 'incubator',
    country: 'KE',
    criteria: ['Team'],
  });
  const cohort = await created(t, host, `${E}/createCohort/${center.center_id}`, {
    name: `${marker} cohort`,
    opens_at: new Date(Date.now() - 86_400_000).toISOString(),
    closes_at: new Date(Date.now() + 86_400_000 * 30).toISOString(),
  });
  const application = await created(t, founder, `${E}/createApplication`, {
    cohort_id: cohort.cohort_id,
    startup_id: startup.startup_id,
    pitch: `${marker} pitch for the cohort`,
  });
  t.actAs(host);
  const review = await t.app.inject({
    method: 'POST',
    url: `${E}/reviewApplication/${application.application_id}`,
    payload: { ratings: { Team: 4 }, notes: `${marker} review notes` },
  });
  expect(review.statusCode, review.body).toBeLessThan(300);

  const investor = await created(t, host, `${F}/createInvestor`, {
    name: `${marker} ventures`,
    kind: 'vc',
    country: 'KE',
    sectors: ['climate'],
    stages: ['seed'],
  });
  const call = await created(t, host, `${F}/createCall`, {
    title: `${marker} call`,
    sector: 'climate',
    stage: 'seed',
    ticket_min: 10_000,
    ticket_max: 50_000,
    closes_at: new Date(Date.now() + 86_400_000 * 30).toISOString(),
  });
  await t.database.system.insert(profileSections).values({
    user_id: founder.userId,
    section: 'fundraising',
    data: { amount_sought: 100_000, currency: 'USD', stage: 'seed', show_on_profile: false },
  });
  const deal = await created(t, founder, `${F}/createApplication`, {
    call_id: call.call_id,
    startup_id: startup.startup_id,
    message: `${marker} message to the investor`,
  });
  return {
    startupId: Number(startup.startup_id),
    projectId: Number(project.project_id),
    centerId: Number(center.center_id),
    cohortId: Number(cohort.cohort_id),
    cohortApplicationId: Number(application.application_id),
    investorId: Number(investor.investor_id),
    callId: Number(call.call_id),
    fundingApplicationId: Number(deal.application_id),
  };
}

/** The ecosystem rows as they stand, read past every policy, to prove tenant B changed none. */
export async function ecosystemSnapshot(t: TestApp, rows: EcosystemRows): Promise<Record<string, unknown[]>> {
  const db = t.database.system;
  return {
    startups: await db.select().from(startups).where(eq(startups.startup_id, rows.startupId)),
    projects: await db.select().from(projects).where(eq(projects.project_id, rows.projectId)),
    project_members: await db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.project_id, rows.projectId)),
    centers: await db.select().from(innovationCenters).where(eq(innovationCenters.center_id, rows.centerId)),
    center_reviewers: await db
      .select()
      .from(centerReviewers)
      .where(eq(centerReviewers.center_id, rows.centerId)),
    cohorts: await db.select().from(cohorts).where(eq(cohorts.center_id, rows.centerId)),
    cohort_applications: await db
      .select()
      .from(cohortApplications)
      .where(inArray(cohortApplications.cohort_id, [rows.cohortId])),
    application_reviews: await db
      .select()
      .from(applicationReviews)
      .where(eq(applicationReviews.application_id, rows.cohortApplicationId)),
    investors: await db.select().from(investors).where(eq(investors.investor_id, rows.investorId)),
    funding_calls: await db.select().from(fundingCalls).where(eq(fundingCalls.investor_id, rows.investorId)),
    funding_applications: await db
      .select()
      .from(fundingApplications)
      .where(eq(fundingApplications.call_id, rows.callId)),
  };
}
