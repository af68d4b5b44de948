import {
  type answerInvitationBody,
  ECOSYSTEM_MESSAGES,
  type inviteCollaboratorBody,
  type ProjectCard,
  type ProjectItem,
  type projectBody,
  type projectSearchQuery,
  type updateProjectBody,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import { projectMembers, projects } from '../../db/schema';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { conflict, invalid, iso, nameSql, page, person, userExists, wordsMatch } from './shared';

interface CardRow {
  project_id: number;
  title: string;
  summary: string;
  sector: string;
  status: string;
  needs: string[];
  owner_id: number;
  owner_name: string;
  team_size: number;
}

const CARD_SQL = sql`p.project_id, p.title, p.summary, p.sector, p.status, p.needs, p.owner_id,
  ${nameSql('u')} as owner_name,
  1 + (select count(*) from project_members m where m.project_id = p.project_id and m.status = 'accepted')::int as team_size`;

export const toProjectCard = (row: CardRow): ProjectCard => ({
  project_id: Number(row.project_id),
  title: row.title,
  summary: row.summary,
  sector: row.sector,
  status: row.status,
  needs: row.needs,
  owner: person(row.owner_id, row.owner_name),
  team_size: Number(row.team_size),
});

export async function searchProjects(db: DbOrTx, query: z.infer<typeof projectSearchQuery>) {
  const filters = [sql`p.is_deleted = false`];
  if (query.sector) filters.push(sql`p.sector = ${query.sector}`);
  if (query.status) filters.push(sql`p.status = ${query.status}`);
  if (query.need)
    filters.push(
      sql`exists (select 1 from jsonb_array_elements_text(p.needs) n where n ilike ${`%${query.need}%`})`,
    );
  if (query.search)
    filters.push(wordsMatch(query.search, [sql`p.title`, sql`p.summary`, sql`p.needs::text`]));
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${CARD_SQL} from projects p join users u on u.user_id = p.owner_id
        where ${sql.join(filters, sql` and `)}
        order by p.project_id desc limit ${query.limit + 1} offset ${Number(query.cursor ?? 0)}`,
  );
  return page(rows.map(toProjectCard), query.cursor, query.limit);
}

/** The caller's projects (owned or joined) and their open invitations. */
export async function myProjects(db: DbOrTx, me: number) {
  const rows = await queryRows<CardRow & { my_role: 'owner' | 'member' | 'invited'; role: string }>(
    db,
    sql`select ${CARD_SQL}, case when p.owner_id = ${me} then 'owner' when m.status = 'accepted' then 'member' else 'invited' end as my_role,
          coalesce(m.role, '') as role
        from projects p join users u on u.user_id = p.owner_id
        left join project_members m on m.project_id = p.project_id and m.user_id = ${me}
        where p.is_deleted = false and (p.owner_id = ${me} or m.user_id is not null)
        order by p.modified_at desc`,
  );
  return {
    projects: rows
      .filter((row) => row.my_role !== 'invited')
      .map((row) => ({ ...toProjectCard(row), my_role: row.my_role as 'owner' | 'member' })),
    invitations: rows
      .filter((row) => row.my_role === 'invited')
      .map((row) => ({ ...toProjectCard(row), role: row.role })),
  };
}

export async function getProject(db: DbOrTx, actor: Actor, projectId: number): Promise<ProjectItem> {
  const [row] = await queryRows<
    CardRow & {
      startup_id: number | null;
      startup_name: string | null;
      milestones: { title: string; due: string | null; done: boolean }[];
      created_at: Date;
    }
  >(
    db,
    sql`select ${CARD_SQL}, p.startup_id, st.name as startup_name, p.milestones, p.created_at
        from projects p join users u on u.user_id = p.owner_id
        left join startups st on st.startup_id = p.startup_id and st.is_deleted = false
        where p.project_id = ${projectId} and p.is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.projectNotFound);
  const isOwner = Number(row.owner_id) === actor.userId;
  const members = await queryRows<{
    user_id: number;
    name: string;
    role: string;
    status: 'invited' | 'accepted';
  }>(
    db,
    sql`select m.user_id, ${nameSql('u')} as name, m.role, m.status from project_members m
        join users u on u.user_id = m.user_id where m.project_id = ${projectId} order by m.created_at`,
  );
  const mine = members.find((member) => Number(member.user_id) === actor.userId);
  return {
    ...toProjectCard(row),
    startup:
      row.startup_id && row.startup_name
        ? { startup_id: Number(row.startup_id), name: row.startup_name }
        : null,
    milestones: row.milestones,
    members: members
      .filter((member) => member.status === 'accepted' || isOwner || actor.isPlatformAdmin)
      .map((member) => ({
        ...person(member.user_id, member.name),
        role: member.role,
        status: member.status,
      })),
    can_edit: isOwner || actor.isPlatformAdmin,
    my_role: isOwner ? 'owner' : mine ? (mine.status === 'accepted' ? 'member' : 'invited') : 'none',
    created_at: iso(row.created_at)!,
  };
}

/** A project may link only a startup its owner owns. */
async function checkStartup(db: DbOrTx, me: number, startupId: number | null | undefined) {
  if (!startupId) return;
  const rows = await queryRows<{ startup_id: number }>(
    db,
    sql`select startup_id from startups where startup_id = ${startupId} and owner_id = ${me} and is_deleted = false`,
  );
  if (rows.length === 0) throw invalid('startup_id', ECOSYSTEM_MESSAGES.notStartupOwner);
}

export async function createProject(db: DbOrTx, actor: Actor, body: z.infer<typeof projectBody>) {
  await checkStartup(db, actor.userId, body.startup_id);
  const [row] = await db
    .insert(projects)
    .values({
      ...body,
      startup_id: body.startup_id ?? null,
      owner_id: actor.userId,
      created_by: actor.userId,
      modified_by: actor.userId,
    })
    .returning({ id: projects.project_id });
  return getProject(db, actor, row!.id);
}

async function ownedProject(db: DbOrTx, actor: Actor, projectId: number) {
  const [row] = await queryRows<{ owner_id: number }>(
    db,
    sql`select owner_id from projects where project_id = ${projectId} and is_deleted = false`,
  );
  if (!row) throw notFound(ECOSYSTEM_MESSAGES.projectNotFound);
  if (Number(row.owner_id) !== actor.userId && !actor.isPlatformAdmin)
    throw forbidden(ECOSYSTEM_MESSAGES.notProjectOwner);
  return Number(row.owner_id);
}

export async function updateProject(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  body: z.infer<typeof updateProjectBody>,
) {
  await ownedProject(db, actor, projectId);
  await checkStartup(db, actor.userId, body.startup_id);
  await db
    .update(projects)
    .set({ ...body, modified_by: actor.userId, modified_at: new Date() })
    .where(sql`${projects.project_id} = ${projectId}`);
  return getProject(db, actor, projectId);
}

export async function deleteProject(db: DbOrTx, actor: Actor, projectId: number) {
  await ownedProject(db, actor, projectId);
  await db
    .update(projects)
    .set({ is_deleted: true, deleted_at: new Date(), deleted_by: actor.userId })
    .where(sql`${projects.project_id} = ${projectId}`);
}

/** The owner invites a person; they join when they accept. Returns the invitee for the live update. */
export async function inviteCollaborator(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  body: z.infer<typeof inviteCollaboratorBody>,
) {
  const owner = await ownedProject(db, actor, projectId);
  if (body.user_id === owner) throw invalid('user_id', ECOSYSTEM_MESSAGES.inviteSelf);
  if (!(await userExists(db, body.user_id))) throw invalid('user_id', ECOSYSTEM_MESSAGES.userNotFound);
  const inserted = await db
    .insert(projectMembers)
    .values({
      project_id: projectId,
      user_id: body.user_id,
      role: body.role,
      status: 'invited',
      invited_by: actor.userId,
    })
    .onConflictDoNothing()
    .returning({ user_id: projectMembers.user_id });
  if (inserted.length === 0) throw conflict(ECOSYSTEM_MESSAGES.alreadyMember);
  return getProject(db, actor, projectId);
}

/** The invitee accepts (joins) or declines (the invitation goes). */
export async function answerInvitation(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  body: z.infer<typeof answerInvitationBody>,
) {
  const where = sql`${projectMembers.project_id} = ${projectId} and ${projectMembers.user_id} = ${actor.userId} and ${projectMembers.status} = 'invited'`;
  const changed = body.accept
    ? await db.update(projectMembers).set({ status: 'accepted' }).where(where).returning()
    : await db.delete(projectMembers).where(where).returning();
  if (changed.length === 0) throw notFound(ECOSYSTEM_MESSAGES.invitationNotFound);
  return getProject(db, actor, projectId);
}
