import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { courses, modules, programEnrollments, programs, units, users } from '../schema';

export const LIVE_PROGRAM_NAME = 'Meet the Nexus community';
export const LIVE_SESSION_NAME = 'Community live call';
/** The demo learner enrolled in it, so their /calendar shows the call from the first sign-in. */
export const LIVE_PROGRAM_LEARNER = 'individual';

const DAY = 86_400_000;

/**
 * When the seeded call starts: the day after tomorrow at 15:00 UTC. Between one and three days
 * ahead of the seed, it falls inside every default calendar view (a month grid always shows at
 * least five days past the month's end) on a fresh demo database, as the e2e journeys use.
 */
export function liveCallStart(now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today + 2 * DAY + 15 * 3_600_000);
}

/**
 * A small published platform program holding one live session, with the demo Individual enrolled
 * (idempotent). It is separate from the getting-started tour, whose units a learner walks in order.
 */
export async function seedLiveProgram(tx: Tx): Promise<number> {
  const [existing] = await tx
    .select({ id: programs.program_id })
    .from(programs)
    .where(and(eq(programs.program_name, LIVE_PROGRAM_NAME), isNull(programs.tenant_id)));
  if (existing) return 0;
  const [admin] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(and(eq(users.is_platform_admin, true), eq(users.is_deleted, false)))
    .orderBy(users.user_id)
    .limit(1);
  const owner = admin?.id ?? null;
  const [program] = await tx
    .insert(programs)
    .values({
      created_by: owner,
      modified_by: owner,
      program_name: LIVE_PROGRAM_NAME,
      description: 'A live call with the Nexus team: bring your questions. Check in with the code shown.',
      program_category: 'community',
      status: 'published',
    })
    .returning({ id: programs.program_id });
  const [course] = await tx
    .insert(courses)
    .values({ program_id: program!.id, course_name: 'Live with the team' })
    .returning({ id: courses.course_id });
  const [module] = await tx
    .insert(modules)
    .values({ course_id: course!.id, module_name: 'This month' })
    .returning({ id: modules.module_id });
  const start = liveCallStart();
  await tx.insert(units).values({
    module_id: module!.id,
    unit_name: LIVE_SESSION_NAME,
    unit_type: 'live_session',
    content: {
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
      schedule_id: 1,
      batch_id: 1,
    },
  });
  const [learner] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(eq(users.username, LIVE_PROGRAM_LEARNER));
  if (learner) {
    await tx.insert(programEnrollments).values({
      program_id: program!.id,
      user_id: learner.id,
      created_by: learner.id,
      modified_by: learner.id,
    });
  }
  return 1;
}
