import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  applicationReviews,
  centerReviewers,
  cohortApplications,
  cohorts,
  fundingApplications,
  fundingCalls,
  innovationCenters,
  investors,
  organisationLocations,
  profileSections,
  projectMembers,
  projects,
  startups,
  tenants,
  users,
} from '../schema';

const PEOPLE = [
  'startup',
  'entrepreneur',
  'incubator',
  'accelerator',
  'startup-hub',
  'investor',
  'diaspora',
  'mentor',
  'student',
] as const;
type Person = (typeof PEOPLE)[number];
const DAY = 86_400_000;

const STARTUPS: {
  by: Person;
  name: string;
  tagline: string;
  sector: string;
  stage: string;
  country: string;
  traction: string;
  funding_asked: number;
}[] = [
  {
    by: 'startup',
    name: 'GreenHarvest',
    tagline: 'Cold storage on a subscription for smallholder farmers',
    sector: 'agriculture',
    stage: 'early_revenue',
    country: 'KE',
    traction: '420 farmers subscribed; post-harvest loss down 30% in the pilot.',
    funding_asked: 300_000,
  },
  {
    by: 'startup',
    name: 'PayBridge',
    tagline: 'Cross-border payouts for freelancers',
    sector: 'fintech',
    stage: 'mvp',
    country: 'NG',
    traction: 'USD 80k monthly volume in the closed beta.',
    funding_asked: 500_000,
  },
  {
    by: 'entrepreneur',
    name: 'MediPath',
    tagline: 'Telehealth kiosks for rural clinics',
    sector: 'health',
    stage: 'mvp',
    country: 'NG',
    traction: '6 clinics live, 2,100 consultations.',
    funding_asked: 250_000,
  },
  {
    by: 'entrepreneur',
    name: 'LearnLoop',
    tagline: 'Offline-first lessons for low-bandwidth schools',
    sector: 'education',
    stage: 'idea',
    country: 'IN',
    traction: 'Letters of intent from 3 school networks.',
    funding_asked: 120_000,
  },
  {
    by: 'diaspora',
    name: 'SunGrid Homes',
    tagline: 'Rooftop solar on pay-as-you-go',
    sector: 'climate',
    stage: 'growth',
    country: 'GH',
    traction: '3,000 homes powered, 92% repayment.',
    funding_asked: 1_500_000,
  },
  {
    by: 'startup-hub',
    name: 'PortLogix',
    tagline: 'Container tracking for small importers',
    sector: 'mobility',
    stage: 'early_revenue',
    country: 'SG',
    traction: '35 importers paying monthly.',
    funding_asked: 400_000,
  },
];

const CENTERS: {
  by: Person;
  tenant?: string;
  name: string;
  kind: string;
  country: string;
  sectors: string[];
  criteria: string[];
  description: string;
  cohort: string;
}[] = [
  {
    by: 'incubator',
    tenant: 'Northstar Incubator',
    name: 'Northstar Incubator',
    kind: 'incubator',
    country: 'KE',
    sectors: ['agriculture', 'climate', 'health'],
    criteria: ['Team', 'Market', 'Traction'],
    description: 'Six months of mentoring, workspace and a demo day for early-stage founders in East Africa.',
    cohort: 'Spring 2027 cohort',
  },
  {
    by: 'accelerator',
    name: 'Launchpad Accelerator',
    kind: 'accelerator',
    country: 'IN',
    sectors: ['education', 'software', 'fintech'],
    criteria: ['Team', 'Product', 'Scalability'],
    description: 'A 12-week accelerator with USD 50k on entry and an investor day.',
    cohort: 'Batch 12',
  },
  {
    by: 'startup-hub',
    name: 'Harbour Startup Hub',
    kind: 'startup-hub',
    country: 'SG',
    sectors: ['mobility', 'retail'],
    criteria: ['Team', 'Market'],
    description: 'A community hub with desks, office hours and a soft-landing programme for Asia.',
    cohort: 'Soft-landing 2027',
  },
];

const INVESTORS = [
  {
    by: 'investor' as Person,
    name: 'Ivy Capital Partners',
    kind: 'vc',
    country: 'US',
    sectors: ['agriculture', 'climate', 'health'],
    stages: ['pre_seed', 'seed'],
    thesis: 'Seed rounds for founders who build essential services for emerging markets.',
    calls: [
      {
        title: 'Climate and agriculture seed 2027',
        sector: 'agriculture',
        stage: 'seed',
        min: 100_000,
        max: 500_000,
        days: 45,
      },
      {
        title: 'Health access pre-seed',
        sector: 'health',
        stage: 'pre_seed',
        min: 50_000,
        max: 200_000,
        days: 30,
      },
      {
        title: 'Fintech rails 2026 (closed)',
        sector: 'fintech',
        stage: 'seed',
        min: 100_000,
        max: 400_000,
        days: -10,
      },
    ],
  },
  {
    by: 'diaspora' as Person,
    name: 'Diaspora Angels Network',
    kind: 'network',
    country: 'GB',
    sectors: ['fintech', 'education', 'climate'],
    stages: ['pre_seed', 'seed'],
    thesis: 'Angels abroad backing founders at home, with tickets and introductions.',
    calls: [
      {
        title: 'Homecoming fund: fintech and education',
        sector: 'fintech',
        stage: 'pre_seed',
        min: 25_000,
        max: 150_000,
        days: 60,
      },
    ],
  },
];

const LOCATIONS: Record<string, { country: string; sector: string | null }> = {
  'Riverside Institute of Technology': { country: 'US', sector: 'education' },
  'Northstar Incubator': { country: 'KE', sector: 'agriculture' },
  'State Innovation Council': { country: 'IN', sector: null },
  'Acme Corporate Labs': { country: 'DE', sector: 'manufacturing' },
};

/**
 * Startups, projects, centers with an open cohort, investors with open calls and organisations on
 * the map, so every ecosystem page shows something on a fresh start. Skipped when already seeded.
 */
export async function seedDemoEcosystem(tx: Tx): Promise<number> {
  const people = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...PEOPLE]));
  const idOf = new Map(people.map((row) => [row.username as Person, row.user_id]));
  if (PEOPLE.some((name) => !idOf.has(name))) return 0;
  const already = await tx
    .select({ id: startups.startup_id })
    .from(startups)
    .where(eq(startups.owner_id, idOf.get('startup')!));
  if (already.length > 0) return 0;
  const now = Date.now();

  const startupIds = new Map<string, number>();
  for (const s of STARTUPS) {
    const owner = idOf.get(s.by)!;
    const [row] = await tx
      .insert(startups)
      .values({
        owner_id: owner,
        name: s.name,
        tagline: s.tagline,
        description: `${s.name}: ${s.tagline.toLowerCase()}.`,
        sector: s.sector,
        stage: s.stage,
        country: s.country,
        traction: s.traction,
        funding_asked: s.funding_asked,
        team: [{ name: 'Founding team', role: 'Founders' }],
        created_by: owner,
        modified_by: owner,
      })
      .returning({ id: startups.startup_id });
    startupIds.set(s.name, row!.id);
  }

  // Founders who apply to calls have a fundraising profile (identity's /fundrasing-profile).
  for (const by of ['startup', 'entrepreneur'] as const) {
    await tx
      .insert(profileSections)
      .values({
        user_id: idOf.get(by)!,
        section: 'fundraising',
        data: {
          amount_sought: 250000,
          currency: 'USD',
          stage: 'seed',
          instrument: 'equity',
          use_of_funds: [],
          traction: {},
          show_on_profile: true,
        },
      })
      .onConflictDoNothing();
  }

  const tenantRows = await tx.select({ id: tenants.tenant_id, name: tenants.tenant_name }).from(tenants);
  const tenantId = (name: string | undefined) => tenantRows.find((t) => t.name === name)?.id ?? null;
  const cohortIds: number[] = [];
  for (const c of CENTERS) {
    const owner = idOf.get(c.by)!;
    const [center] = await tx
      .insert(innovationCenters)
      .values({
        owner_id: owner,
        tenant_id: tenantId(c.tenant),
        name: c.name,
        kind: c.kind,
        description: c.description,
        country: c.country,
        sectors: c.sectors,
        criteria: c.criteria,
        created_by: owner,
        modified_by: owner,
      })
      .returning({ id: innovationCenters.center_id });
    const [cohort] = await tx
      .insert(cohorts)
      .values({
        center_id: center!.id,
        name: c.cohort,
        programme: 'Mentoring, workshops and a demo day.',
        opens_at: new Date(now - 10 * DAY),
        closes_at: new Date(now + 60 * DAY),
        capacity: 12,
        created_by: owner,
        modified_by: owner,
      })
      .returning({ id: cohorts.cohort_id });
    cohortIds.push(cohort!.id);
  }
  // The mentor reviews Northstar's applications; MediPath has applied and been rated once.
  const [northstar] = await tx
    .select({ id: innovationCenters.center_id })
    .from(innovationCenters)
    .where(eq(innovationCenters.name, 'Northstar Incubator'));
  await tx.insert(centerReviewers).values({ center_id: northstar!.id, user_id: idOf.get('mentor')! });
  const [applied] = await tx
    .insert(cohortApplications)
    .values({
      cohort_id: cohortIds[0]!,
      startup_id: startupIds.get('MediPath')!,
      applicant_id: idOf.get('entrepreneur')!,
      pitch: 'Our kiosks bring a doctor to villages two hours from the nearest clinic.',
    })
    .returning({ id: cohortApplications.application_id });
  await tx.insert(applicationReviews).values({
    application_id: applied!.id,
    reviewer_id: idOf.get('mentor')!,
    ratings: { Team: 4, Market: 4, Traction: 3 },
    notes: 'Solid pilots; ask about clinic churn.',
  });

  const [project] = await tx
    .insert(projects)
    .values({
      owner_id: idOf.get('entrepreneur')!,
      startup_id: startupIds.get('MediPath')!,
      title: 'Telehealth kiosk pilot in Kaduna',
      summary: 'Six kiosks in rural clinics, each linked to an on-call doctor.',
      sector: 'health',
      status: 'active',
      milestones: [
        { title: 'First three kiosks live', due: '2026-09-30', done: true },
        { title: 'Six kiosks and 5,000 consultations', due: '2027-03-31', done: false },
      ],
      needs: ['Hardware engineer', 'Clinical partner'],
      created_by: idOf.get('entrepreneur')!,
      modified_by: idOf.get('entrepreneur')!,
    })
    .returning({ id: projects.project_id });
  await tx.insert(projectMembers).values([
    {
      project_id: project!.id,
      user_id: idOf.get('mentor')!,
      role: 'Mentor',
      status: 'accepted',
      invited_by: idOf.get('entrepreneur')!,
    },
    {
      project_id: project!.id,
      user_id: idOf.get('student')!,
      role: 'Data analyst',
      status: 'invited',
      invited_by: idOf.get('entrepreneur')!,
    },
  ]);
  await tx.insert(projects).values([
    {
      owner_id: idOf.get('student')!,
      title: 'Campus food-sharing app',
      summary: 'Surplus food from canteens to students, before it is thrown away.',
      sector: 'social_impact',
      status: 'idea',
      needs: ['Mobile developer', 'Designer'],
      created_by: idOf.get('student')!,
      modified_by: idOf.get('student')!,
    },
    {
      owner_id: idOf.get('startup')!,
      startup_id: startupIds.get('GreenHarvest')!,
      title: 'Solar cold rooms for three markets',
      summary: 'Cold rooms at three produce markets, paid by the crate.',
      sector: 'agriculture',
      status: 'active',
      needs: ['Refrigeration technician'],
      created_by: idOf.get('startup')!,
      modified_by: idOf.get('startup')!,
    },
  ]);

  let healthCall = 0;
  for (const inv of INVESTORS) {
    const owner = idOf.get(inv.by)!;
    const [investor] = await tx
      .insert(investors)
      .values({
        owner_id: owner,
        name: inv.name,
        kind: inv.kind,
        thesis: inv.thesis,
        country: inv.country,
        sectors: inv.sectors,
        stages: inv.stages,
        created_by: owner,
        modified_by: owner,
      })
      .returning({ id: investors.investor_id });
    for (const c of inv.calls) {
      const [row] = await tx
        .insert(fundingCalls)
        .values({
          investor_id: investor!.id,
          title: c.title,
          thesis: inv.thesis,
          sector: c.sector,
          stage: c.stage,
          ticket_min: c.min,
          ticket_max: c.max,
          closes_at: new Date(now + c.days * DAY),
          created_at: new Date(now + Math.min(c.days, 0) * DAY - 30 * DAY),
          created_by: owner,
          modified_by: owner,
        })
        .returning({ id: fundingCalls.call_id });
      if (c.sector === 'health') healthCall = row!.id;
    }
  }
  await tx.insert(fundingApplications).values({
    call_id: healthCall,
    startup_id: startupIds.get('MediPath')!,
    applicant_id: idOf.get('entrepreneur')!,
    message: 'Six clinics live; raising to reach thirty.',
    fundraising: { amount_sought: 250000, currency: 'USD', stage: 'seed', instrument: 'equity' },
    stage: 'screening',
    rating: 4,
    notes: 'Strong pilot numbers.',
  });

  for (const row of tenantRows) {
    const place = LOCATIONS[row.name];
    if (place)
      await tx
        .insert(organisationLocations)
        .values({ tenant_id: row.id, ...place })
        .onConflictDoNothing();
  }
  return STARTUPS.length;
}
