import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  competitionCriteria,
  competitionEntries,
  competitionEntryMembers,
  competitionJudges,
  competitionRounds,
  competitionSubmissions,
  competitions,
  tenants,
  users,
} from '../schema';

const DAY = 86_400_000;

const CRITERIA = [
  { name: 'Impact', description: 'How much the idea would change for the people it serves.', weight: 3 },
  { name: 'Technical execution', description: 'How sound and complete the build is.', weight: 2 },
  { name: 'Presentation', description: 'How clearly the submission explains itself.', weight: 1 },
];

interface Demo {
  slug: string | null;
  title: string;
  summary: string;
  brief: string;
  rules: string;
  prizes: string;
  visibility: 'public' | 'platform' | 'tenant';
  tenant: string | null;
  judge: string;
  entrant: string | null;
}

/** The public blockchain challenge (/competition/blockchain) and one competition of Riverside Institute. */
const DEMOS: Demo[] = [
  {
    slug: 'blockchain',
    title: 'Blockchain for Public Good Challenge',
    summary: 'Design a blockchain solution that makes a public service more transparent, fair or efficient.',
    brief:
      '<h2>The challenge</h2><p>Public services run on trust. Show how a distributed ledger can make one of them more transparent, fairer or cheaper to run: land records, aid distribution, supply chains, credentials or anything else you care about.</p><p>Teams of up to five or individuals are welcome.</p>',
    rules:
      '<ul><li>Submit a short write-up, a link to your demo or repository, and any files that help the judges.</li><li>You may edit your submission until the round deadline.</li><li>Work must be your own; open-source libraries are fine and should be credited.</li></ul>',
    prizes:
      '<ul><li>1st place: 5,000 credits and a mentoring programme</li><li>2nd place: 2,500 credits</li><li>3rd place: 1,000 credits</li></ul>',
    visibility: 'public',
    tenant: null,
    judge: 'mentor',
    entrant: 'entrepreneur',
  },
  {
    slug: null,
    title: 'Riverside Campus Sustainability Hack',
    summary: 'Students propose ideas that cut the campus’s energy and water use.',
    brief:
      '<p>Pitch a practical project the institute could run next term to cut energy or water use on campus.</p>',
    rules: '<p>Open to Riverside students, alone or in teams of up to three.</p>',
    prizes: '<p>The winning idea gets a budget to pilot it.</p>',
    visibility: 'tenant',
    tenant: 'Riverside Institute of Technology',
    judge: 'teacher',
    entrant: 'student',
  },
];

/**
 * Demo competitions with one open round, weighted criteria, a judge and one entrant's submission, so
 * /competition-block, /competition/blockchain and the judging view show content. Idempotent by title.
 */
export async function seedDemoCompetitions(tx: Tx): Promise<number> {
  const people = await tx
    .select({
      user_id: users.user_id,
      username: users.username,
      first: users.first_name,
      last: users.last_name,
    })
    .from(users)
    .where(inArray(users.username, ['admin', ...DEMOS.flatMap((d) => [d.judge, d.entrant ?? 'admin'])]));
  const person = (username: string) => people.find((row) => row.username === username);
  let created = 0;
  for (const demo of DEMOS) {
    const [existing] = await tx
      .select({ id: competitions.competition_id })
      .from(competitions)
      .where(eq(competitions.title, demo.title));
    if (existing) continue;
    const [tenant] = demo.tenant
      ? await tx.select({ id: tenants.tenant_id }).from(tenants).where(eq(tenants.tenant_name, demo.tenant))
      : [];
    if (demo.tenant && !tenant) continue;
    const tenantId = tenant?.id ?? null;
    const deadline = new Date(Date.now() + 45 * DAY);
    const [competition] = await tx
      .insert(competitions)
      .values({
        tenant_id: tenantId,
        slug: demo.slug,
        title: demo.title,
        summary: demo.summary,
        brief: demo.brief,
        rules: demo.rules,
        prizes: demo.prizes,
        visibility: demo.visibility,
        status: 'published',
        participation: 'both',
        max_team_size: 5,
        leaderboard_public: true,
        starts_at: new Date(Date.now() - DAY),
        ends_at: deadline,
        created_by: person('admin')?.user_id ?? null,
        modified_by: person('admin')?.user_id ?? null,
      })
      .returning();
    const competitionId = competition!.competition_id;
    const [round] = await tx
      .insert(competitionRounds)
      .values({
        competition_id: competitionId,
        tenant_id: tenantId,
        position: 1,
        name: 'Open round',
        submission_deadline: deadline,
      })
      .returning();
    await tx.insert(competitionCriteria).values(
      CRITERIA.map((criterion, index) => ({
        ...criterion,
        round_id: round!.round_id,
        tenant_id: tenantId,
        position: index + 1,
      })),
    );
    const judge = person(demo.judge);
    if (judge)
      await tx
        .insert(competitionJudges)
        .values({ competition_id: competitionId, user_id: judge.user_id, tenant_id: tenantId })
        .onConflictDoNothing();
    const entrant = demo.entrant ? person(demo.entrant) : undefined;
    if (entrant) {
      const [entry] = await tx
        .insert(competitionEntries)
        .values({
          competition_id: competitionId,
          tenant_id: tenantId,
          kind: 'individual',
          name: [entrant.first, entrant.last].filter(Boolean).join(' ') || entrant.username,
          captain_id: entrant.user_id,
        })
        .returning();
      await tx.insert(competitionEntryMembers).values({
        entry_id: entry!.entry_id,
        competition_id: competitionId,
        user_id: entrant.user_id,
        tenant_id: tenantId,
        status: 'member',
      });
      await tx.insert(competitionSubmissions).values({
        competition_id: competitionId,
        round_id: round!.round_id,
        entry_id: entry!.entry_id,
        tenant_id: tenantId,
        title: `${demo.title.split(' ')[0]} pilot proposal`,
        text: 'A first draft of our idea: who it serves, how it works and what a pilot would cost.',
        links: ['https://example.org/demo'],
        submitted_by: entrant.user_id,
      });
    }
    created += 1;
  }
  return created;
}
