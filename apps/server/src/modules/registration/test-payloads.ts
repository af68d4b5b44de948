import { TEMP_ROLE_ID } from '@nexus/contracts';
import type { Database } from '../../db/client';
import { userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeUser } from '../../test/factories';

/** A complete, valid body for every form (test data only). */
export const VALID_FORMS = {
  investor: {
    investor_type: 'vc',
    organisation: 'Savannah Ventures',
    title: 'Partner',
    investment_thesis: 'We back technical founders building climate and agriculture tools in East Africa.',
    ticket_min: 50_000,
    ticket_max: 500_000,
    currency: 'USD',
    stages: ['seed', 'series_a'],
    sectors: ['climate', 'agriculture'],
    geographies: ['Kenya', 'Tanzania'],
    portfolio_size: 24,
    website: 'https://savannah.example.org',
    linkedin: 'https://www.linkedin.com/company/savannah',
  },
  startup: {
    startup_name: 'SoilSense',
    founder_role: 'CEO',
    stage: 'mvp',
    sector: 'agriculture',
    founded_year: 2023,
    team_size: 4,
    problem: 'Smallholder farmers over-fertilise because they cannot test their soil cheaply.',
    solution: 'A low-cost probe and SMS service that gives a fertiliser plan per plot in minutes.',
    funding_raised: 20_000,
    seeking_amount: 250_000,
    currency: 'USD',
  },
  incubator: {
    organisation: 'Northstar Labs',
    programme_type: 'incubation',
    cohort_capacity: 12,
    duration_weeks: 24,
    sectors: ['software'],
    services: ['mentoring', 'workspace'],
    equity_percent: 5,
    location: 'Nairobi, Kenya',
  },
  organisation: {
    organisation_name: 'State Innovation Council',
    jurisdiction_level: 'state',
    jurisdiction: 'Lagos State',
    department: 'Ministry of Science',
    mandate: 'Grow the state innovation economy through grants, policy and public procurement.',
    focus_areas: ['Startup policy', 'Grants'],
    contact_name: 'Grace Adebayo',
    official_email: 'grace@innovation.lagos.example.gov',
  },
  diaspora: {
    country_of_residence: 'United Kingdom',
    country_of_origin: 'Ghana',
    profession: 'Product manager',
    expertise: ['Fintech', 'Product'],
    contributions: ['mentoring', 'investing'],
    availability: 'monthly',
  },
  volunteer: {
    skills: ['Design', 'Facilitation'],
    causes: ['education'],
    hours_per_week: 4,
    languages: ['English', 'Swahili'],
    work_mode: 'remote',
  },
  individual: {
    occupation: 'Student',
    education_level: 'bachelors',
    interests: ['Robotics'],
    goals: ['learn', 'mentor'],
  },
  generic: {
    affiliation: 'Riverside Institute',
    about: 'I teach physics and run the robotics club.',
    interests: ['STEM outreach'],
  },
} as const;

export function actorFor(userId: number, roles: Actor['roles']): Actor {
  return { userId, tenantId: null, isPlatformAdmin: false, roles };
}

/** A newly signed-up user: the temp role only, as sign-up leaves them (spec section 6). */
export async function makeNewcomer(database: Database) {
  const user = await makeUser(database, {
    active_role_id: TEMP_ROLE_ID,
    registration_redirect: '/onboarding',
  });
  await database.db.insert(userRoles).values({ user_id: user.user_id, role_id: TEMP_ROLE_ID });
  const actor = actorFor(user.user_id, [
    { roleId: TEMP_ROLE_ID, roleName: 'temp', roleView: 'user', tenantId: null },
  ]);
  return { user, actor };
}
