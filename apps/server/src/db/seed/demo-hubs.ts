import { HUB_DEFINITIONS, ROUTES } from '@nexus/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  communities,
  competitions,
  courses,
  eventsTable,
  hubPages,
  modules,
  programEnrollments,
  programs,
  unitProgress,
  units,
  users,
} from '../schema';
import { DEMO_PROGRAM_NAME } from './demo-program';

/**
 * Links the demo day and the blockchain challenge to the Founders Circle (migration 0033), so
 * /community/events, /community/competitions and the hubs' "of your communities" blocks show them to
 * its members. Only unlinked rows are changed: a link a moderator changed stays.
 */
export async function linkDemoCommunityItems(tx: Tx): Promise<void> {
  const [circle] = await tx
    .select({ id: communities.community_id })
    .from(communities)
    .where(eq(communities.name, 'Founders Circle'));
  if (!circle) return;
  await tx
    .update(eventsTable)
    .set({ community_id: circle.id })
    .where(and(eq(eventsTable.title, 'Nexus Community Demo Day'), isNull(eventsTable.community_id)));
  await tx
    .update(competitions)
    .set({ community_id: circle.id })
    .where(and(eq(competitions.slug, 'blockchain'), isNull(competitions.community_id)));
}

/**
 * Every default hub definition (contracts' HUB_DEFINITIONS) as the published version of its platform
 * hub page (issue 22). Only missing pages are written: a hub an admin edited keeps its edits.
 */
export async function seedHubPages(tx: Tx): Promise<number> {
  const existing = new Set(
    (
      await tx
        .select({ path: hubPages.path })
        .from(hubPages)
        .where(and(isNull(hubPages.tenant_id), eq(hubPages.is_deleted, false)))
    ).map((row) => row.path.toLowerCase()),
  );
  const missing = HUB_DEFINITIONS.filter((hub) => !existing.has(hub.path.toLowerCase()));
  if (missing.length === 0) return 0;
  await tx.insert(hubPages).values(
    missing.map(({ path, group, ...content }) => ({
      tenant_id: null,
      path,
      group,
      is_public: ROUTES.find((route) => route.path === path)?.public ?? false,
      title: content.title,
      draft: content,
      published: content,
      published_at: new Date(),
    })),
  );
  return missing.length;
}

export const DEMO_PARENT = 'parent';
export const DEMO_CHILD = 'child';

/**
 * The parent hub's demo (issue 22): the child registered as a minor with the parent's address, and is
 * enrolled in the getting-started program with its first unit done, so the parent sees progress.
 */
export async function seedDemoParent(tx: Tx): Promise<void> {
  const [child] = await tx
    .select({ id: users.user_id, parentEmail: users.parent_email })
    .from(users)
    .where(eq(users.username, DEMO_CHILD));
  if (!child) return;
  if (!child.parentEmail) {
    await tx
      .update(users)
      .set({
        is_underage: true,
        age: 15,
        parent_name: 'Paula Parent',
        parent_email: `${DEMO_PARENT}@nexus.local`,
      })
      .where(eq(users.user_id, child.id));
  }
  const [program] = await tx
    .select({ id: programs.program_id })
    .from(programs)
    .where(and(eq(programs.program_name, DEMO_PROGRAM_NAME), isNull(programs.tenant_id)));
  if (!program) return;
  const [enrolled] = await tx
    .select({ id: programEnrollments.enrollment_id })
    .from(programEnrollments)
    .where(and(eq(programEnrollments.program_id, program.id), eq(programEnrollments.user_id, child.id)));
  if (enrolled) return;
  await tx.insert(programEnrollments).values({
    program_id: program.id,
    user_id: child.id,
    created_by: child.id,
    modified_by: child.id,
  });
  const [first] = await tx
    .select({ id: units.unit_id })
    .from(units)
    .innerJoin(modules, eq(modules.module_id, units.module_id))
    .innerJoin(courses, eq(courses.course_id, modules.course_id))
    .where(
      and(eq(courses.program_id, program.id), eq(units.is_required, true), sql`${units.is_deleted} = false`),
    )
    .orderBy(asc(courses.position), asc(modules.position), asc(units.position), asc(units.unit_id))
    .limit(1);
  if (first) {
    await tx
      .insert(unitProgress)
      .values({ user_id: child.id, unit_id: first.id, program_id: program.id })
      .onConflictDoNothing();
  }
}
