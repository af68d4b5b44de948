import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  csrInterests,
  csrProjects,
  governmentSchemes,
  tenants,
  users,
  volunteerOpportunities,
  volunteerShifts,
  volunteerSignups,
} from '../schema';

const DAY = 86_400_000;
const HOUR = 3_600_000;

type Org = 'Acme Corporate Labs' | 'Northstar Incubator' | 'State Innovation Council';

interface DemoOpportunity {
  org: Org;
  title: string;
  description: string;
  cause: string;
  location: string;
  /** Shifts as [days from now, start hour UTC, length in hours, places]; a negative day is past. */
  shifts: [number, number, number, number][];
}

const OPPORTUNITIES: DemoOpportunity[] = [
  {
    org: 'Acme Corporate Labs',
    title: 'Coding club mentors for school students',
    description:
      'Help students aged 12 to 16 build their first web pages and games. No teaching experience needed: we pair you with a lead mentor and share the lesson plan a week ahead.',
    cause: 'education',
    location: 'Bengaluru and online',
    shifts: [
      [-6, 9, 3, 6],
      [5, 9, 3, 6],
      [12, 9, 3, 6],
    ],
  },
  {
    org: 'Northstar Incubator',
    title: 'Demo day volunteers',
    description:
      'Welcome guests, guide founders to the stage and keep the pitch schedule on time at our quarterly demo day.',
    cause: 'entrepreneurship',
    location: 'Pune',
    shifts: [
      [9, 8, 5, 10],
      [9, 13, 5, 10],
    ],
  },
  {
    org: 'State Innovation Council',
    title: 'Lake clean-up drive',
    description:
      'Join the council and local residents to clear plastic from the lake shore. Gloves, bags and water are provided; wear closed shoes.',
    cause: 'environment',
    location: 'Ulsoor Lake, Bengaluru',
    shifts: [
      [3, 6, 3, 25],
      [17, 6, 3, 25],
    ],
  },
  {
    org: 'State Innovation Council',
    title: 'Digital literacy helpdesk',
    description:
      'Help older residents use government services online: forms, payments and video calls. Patience matters more than technical skill.',
    cause: 'digital_inclusion',
    location: 'Online',
    shifts: [[7, 10, 2, 4]],
  },
];

/**
 * Volunteering opportunities of the demo organisations with shifts ahead, and `volunteer`'s record:
 * three hours attended on the coding club's past shift and a place on its next one, so
 * /services/volunteer-services, /services/volunteering-services and /volunteer-profile show
 * something on a fresh start. Idempotent by title and organisation.
 */
export async function seedDemoServices(tx: Tx): Promise<void> {
  const orgs = await tx
    .select({ id: tenants.tenant_id, name: tenants.tenant_name })
    .from(tenants)
    .where(inArray(tenants.tenant_name, [...new Set(OPPORTUNITIES.map((o) => o.org))]));
  const orgId = new Map(orgs.map((o) => [o.name, o.id]));
  const existing = await tx
    .select({ title: volunteerOpportunities.title, tenant: volunteerOpportunities.tenant_id })
    .from(volunteerOpportunities);
  const have = new Set(existing.map((row) => `${row.tenant}:${row.title}`));
  const [volunteer] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(sql`${users.username} = 'volunteer'`);
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  for (const opportunity of OPPORTUNITIES) {
    const tenantId = orgId.get(opportunity.org);
    if (!tenantId || have.has(`${tenantId}:${opportunity.title}`)) continue;
    const [row] = await tx
      .insert(volunteerOpportunities)
      .values({
        tenant_id: tenantId,
        title: opportunity.title,
        description: opportunity.description,
        cause: opportunity.cause,
        location: opportunity.location,
      })
      .returning({ id: volunteerOpportunities.opportunity_id });
    if (!row) continue;
    const shifts = await tx
      .insert(volunteerShifts)
      .values(
        opportunity.shifts.map(([days, hour, length, capacity]) => {
          const starts = new Date(today.getTime() + days * DAY + hour * HOUR);
          return {
            opportunity_id: row.id,
            tenant_id: tenantId,
            starts_at: starts,
            ends_at: new Date(starts.getTime() + length * HOUR),
            capacity,
          };
        }),
      )
      .returning({ id: volunteerShifts.shift_id, starts: volunteerShifts.starts_at });
    // The volunteer's record lives on the coding club: the past shift attended, the next one taken.
    if (!volunteer || opportunity.org !== 'Acme Corporate Labs') continue;
    const [past, next] = shifts;
    if (past)
      await tx.insert(volunteerSignups).values({
        shift_id: past.id,
        tenant_id: tenantId,
        user_id: volunteer.id,
        status: 'attended',
        hours: 3,
      });
    if (next)
      await tx
        .insert(volunteerSignups)
        .values({ shift_id: next.id, tenant_id: tenantId, user_id: volunteer.id });
  }
}

const CSR_PROJECTS = [
  {
    org: 'Acme Corporate Labs' as Org,
    title: 'Solar rooftops for rural schools',
    description:
      'Fund and install rooftop solar on ten government schools, with a maintenance plan run by local technicians we train.',
    cause: 'environment',
    budget_min: 2_500_000,
    budget_max: 6_000_000,
    location: 'Karnataka',
  },
  {
    org: 'Acme Corporate Labs' as Org,
    title: 'Coding labs for girls',
    description:
      'Equip five community centres with laptops and a year of weekly coding classes for girls aged 12 to 18.',
    cause: 'education',
    budget_min: 1_000_000,
    budget_max: 2_000_000,
    location: 'Bengaluru',
  },
  {
    org: 'State Innovation Council' as Org,
    title: 'Startup clinics in district towns',
    description:
      'Partner with the council to run monthly clinics where first-time founders meet mentors, bankers and the scheme desk.',
    cause: 'entrepreneurship',
    budget_min: 500_000,
    budget_max: 1_500_000,
    location: 'Mysuru, Hubballi and Kalaburagi',
  },
];

/**
 * CSR projects of Acme and the council, and `industry`'s interest in Acme's solar project, so
 * /services/csr shows something and `corporate-admin` (Acme role) sees an interest. Idempotent by
 * title and organisation.
 */
export async function seedDemoCsr(tx: Tx): Promise<void> {
  const orgs = await tx
    .select({ id: tenants.tenant_id, name: tenants.tenant_name })
    .from(tenants)
    .where(inArray(tenants.tenant_name, [...new Set(CSR_PROJECTS.map((p) => p.org))]));
  const orgId = new Map(orgs.map((o) => [o.name, o.id]));
  const existing = await tx
    .select({ title: csrProjects.title, tenant: csrProjects.tenant_id })
    .from(csrProjects);
  const have = new Set(existing.map((row) => `${row.tenant}:${row.title}`));
  const [industry] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(sql`${users.username} = 'industry'`);
  for (const { org, ...project } of CSR_PROJECTS) {
    const tenantId = orgId.get(org);
    if (!tenantId || have.has(`${tenantId}:${project.title}`)) continue;
    const [row] = await tx
      .insert(csrProjects)
      .values({ tenant_id: tenantId, ...project })
      .returning({ id: csrProjects.project_id });
    if (row && industry && project.title.startsWith('Solar'))
      await tx.insert(csrInterests).values({
        project_id: row.id,
        tenant_id: tenantId,
        user_id: industry.id,
        message: 'Our members can co-fund two schools and lend installers. Shall we talk next week?',
      });
  }
}

const SCHEMES = [
  {
    name: 'Startup Seed Grant',
    agency: 'State Innovation Council',
    description: 'Grants of up to ₹20 lakh for early-stage startups building a first product or pilot.',
    eligibility: 'Startups registered in the state, under five years old, with a working prototype.',
    how_to_apply: [
      'Register your startup on the state portal',
      'Upload your pitch deck and budget',
      'Pitch to the review panel',
    ],
    link: 'https://www.startupindia.gov.in/',
    sectors: ['software', 'deeptech', 'climate'],
    days: 45,
  },
  {
    name: 'Clean Energy Innovation Loan',
    agency: 'Ministry of New and Renewable Energy',
    description: 'Low-interest loans for companies deploying solar, storage and efficiency solutions.',
    eligibility: 'Companies with at least one year of revenue in clean energy.',
    how_to_apply: [
      'Check eligibility with your bank',
      'Submit the project report',
      'Sign the loan agreement',
    ],
    link: 'https://mnre.gov.in/',
    sectors: ['climate', 'manufacturing'],
    days: 90,
  },
  {
    name: 'Agri-tech Incubation Support',
    agency: 'Department of Agriculture',
    description: 'Twelve months of incubation, field trials with farmer groups and a stipend for founders.',
    eligibility: 'Founders working on farm productivity, supply chains or food processing.',
    how_to_apply: ['Apply online', 'Attend the selection workshop'],
    link: 'https://agriwelfare.gov.in/',
    sectors: ['agriculture'],
    days: null,
  },
  {
    name: 'Women Entrepreneurship Platform Credit',
    agency: 'NITI Aayog',
    description: 'Credit guarantees and mentoring for businesses founded and led by women.',
    eligibility: 'Businesses with a woman founder holding at least 51 percent.',
    how_to_apply: ['Create a profile on the platform', 'Choose a partner lender', 'Submit the application'],
    link: 'https://wep.gov.in/',
    sectors: ['social_impact', 'retail', 'software'],
    days: 30,
  },
];

/** Demo government schemes published by the `government` user; idempotent by name. */
export async function seedDemoSchemes(tx: Tx): Promise<void> {
  const existing = new Set(
    (await tx.select({ name: governmentSchemes.name }).from(governmentSchemes)).map((r) => r.name),
  );
  const [government] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(sql`${users.username} = 'government'`);
  for (const { days, ...scheme } of SCHEMES) {
    if (existing.has(scheme.name)) continue;
    await tx.insert(governmentSchemes).values({
      ...scheme,
      deadline: days === null ? null : new Date(Date.now() + days * DAY).toISOString().slice(0, 10),
      created_by: government?.id ?? null,
    });
  }
}
