import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { jobApplications, jobPostings, tenants, users } from '../schema';

const DAY = 86_400_000;

interface DemoPosting {
  org: 'Acme Corporate Labs' | 'Northstar Incubator' | 'Riverside Institute of Technology';
  title: string;
  job_type: 'full_time' | 'part_time' | 'contract' | 'temporary' | 'internship';
  remote: boolean;
  city: string | null;
  country: string;
  skills: string[];
  description: string;
  daysOpen: number;
  daysAgo: number;
}

const POSTINGS: DemoPosting[] = [
  {
    org: 'Acme Corporate Labs',
    title: 'Frontend engineer (React)',
    job_type: 'full_time',
    remote: false,
    city: 'Bengaluru',
    country: 'IN',
    skills: ['React', 'TypeScript', 'Accessibility'],
    description:
      '<p>Join the product team building our innovation platform. You will ship <strong>accessible</strong> React interfaces and work closely with designers.</p><ul><li>3+ years of React</li><li>Care for accessibility and performance</li></ul>',
    daysOpen: 30,
    daysAgo: 2,
  },
  {
    org: 'Acme Corporate Labs',
    title: 'Data analyst intern',
    job_type: 'internship',
    remote: true,
    city: null,
    country: 'IN',
    skills: ['SQL', 'Python', 'Data analysis'],
    description:
      '<p>A six-month paid internship in our insights team: clean data, build dashboards and present findings to product managers.</p>',
    daysOpen: 45,
    daysAgo: 1,
  },
  {
    org: 'Northstar Incubator',
    title: 'Startup programme coordinator',
    job_type: 'part_time',
    remote: false,
    city: 'Pune',
    country: 'IN',
    skills: ['Community', 'Event planning', 'Communication'],
    description:
      '<p>Coordinate our cohort of early-stage startups: mentor sessions, demo days and the weekly founder check-ins.</p>',
    daysOpen: 21,
    daysAgo: 4,
  },
  {
    org: 'Northstar Incubator',
    title: 'Product design intern',
    job_type: 'internship',
    remote: true,
    city: 'Pune',
    country: 'IN',
    skills: ['Figma', 'User research', 'Prototyping'],
    description:
      '<p>Help our portfolio startups turn ideas into testable prototypes. Hybrid: remote with a monthly studio day in Pune.</p>',
    daysOpen: 60,
    daysAgo: 3,
  },
  {
    org: 'Riverside Institute of Technology',
    title: 'Research assistant, clean energy lab',
    job_type: 'contract',
    remote: false,
    city: 'Chennai',
    country: 'IN',
    skills: ['Python', 'Research', 'Energy'],
    description:
      '<p>A twelve-month contract supporting experiments in the clean energy lab: instrument set-up, data collection and analysis.</p>',
    daysOpen: 40,
    daysAgo: 6,
  },
];

/**
 * Open jobs and internships of the demo organisations, and one application: `student` applied to the
 * data analyst internship at Acme (stage screening), so `/career` and `/recruitment-portal` (as
 * `corporate-admin`) show something on a fresh start. Idempotent by title and organisation.
 */
export async function seedDemoHiring(tx: Tx): Promise<void> {
  const orgs = await tx
    .select({ id: tenants.tenant_id, name: tenants.tenant_name })
    .from(tenants)
    .where(inArray(tenants.tenant_name, [...new Set(POSTINGS.map((p) => p.org))]));
  const orgId = new Map(orgs.map((o) => [o.name, o.id]));
  const people = await tx
    .select({ id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['student', 'corporate-admin']));
  const personId = new Map(people.map((p) => [p.username, p.id]));
  const existing = await tx
    .select({ title: jobPostings.title, tenant: jobPostings.tenant_id })
    .from(jobPostings);
  const have = new Set(existing.map((row) => `${row.tenant}:${row.title}`));
  const now = Date.now();
  for (const posting of POSTINGS) {
    const tenantId = orgId.get(posting.org);
    if (!tenantId || have.has(`${tenantId}:${posting.title}`)) continue;
    await tx.insert(jobPostings).values({
      tenant_id: tenantId,
      title: posting.title,
      job_type: posting.job_type,
      remote: posting.remote,
      city: posting.city,
      country: posting.country,
      description: posting.description,
      description_text: posting.description
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      skills: posting.skills,
      questions: [
        {
          question_id: 'motivation',
          label: 'Why do you want this role?',
          kind: 'text',
          required: true,
          choices: [],
        },
        {
          question_id: 'start',
          label: 'When could you start?',
          kind: 'choice',
          required: false,
          choices: ['Now', 'In a month', 'Later'],
        },
      ],
      scorecard_attributes: ['Skills', 'Experience', 'Communication', 'Motivation'],
      posted_at: new Date(now - posting.daysAgo * DAY),
      closes_at: new Date(now + posting.daysOpen * DAY),
      created_by: personId.get('corporate-admin') ?? null,
    });
  }
  const student = personId.get('student');
  const acme = orgId.get('Acme Corporate Labs');
  if (!student || !acme) return;
  const [internship] = await tx
    .select({ id: jobPostings.posting_id })
    .from(jobPostings)
    .where(sql`${jobPostings.tenant_id} = ${acme} and ${jobPostings.title} = 'Data analyst intern'`);
  if (!internship) return;
  await tx
    .insert(jobApplications)
    .values({
      posting_id: internship.id,
      tenant_id: acme,
      applicant_id: student,
      answers: { motivation: 'I love turning data into decisions.', start: 'Now' },
      stage: 'screening',
    })
    .onConflictDoNothing();
}
