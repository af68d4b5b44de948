import {
  type EngagementSummary,
  EXPERT_MESSAGES,
  type ExpertProgramItem,
  type expertProgramCreate,
  type expertProgramListQuery,
  type expertProgramUpdate,
  type myProgramsQuery,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { iso, nameSql, visibleSql } from './common';

const programColumns = (
  actor: Actor,
) => sql`x.expert_program_id, x.expert_id, ${nameSql('u')} as expert_name, x.title,
  x.description, x.session_count, x.is_published,
  (select e.engagement_id from expert_engagements e where e.expert_program_id = x.expert_program_id
    and e.mentee_id = ${actor.userId}) as engagement_id,
  (select count(*)::int from expert_sessions s join expert_engagements e on e.engagement_id = s.engagement_id
    where e.expert_program_id = x.expert_program_id and e.mentee_id = ${actor.userId} and s.status = 'booked') as sessions_booked`;

const programOf = (row: Record<string, unknown>): ExpertProgramItem => ({
  expert_program_id: Number(row.expert_program_id),
  expert_id: Number(row.expert_id),
  expert_name: String(row.expert_name),
  title: String(row.title),
  description: String(row.description),
  session_count: Number(row.session_count),
  is_published: Boolean(row.is_published),
  engagement_id: row.engagement_id === null ? null : Number(row.engagement_id),
  sessions_booked: Number(row.sessions_booked),
});

/** Programs the actor may see: published ones of visible experts, and all of its own. */
const programVisibleSql = (actor: Actor): SQL =>
  sql`not x.is_deleted and (x.expert_id = ${actor.userId} or (x.is_published and ${visibleSql(actor)}))`;

export async function listPrograms(
  tx: Tx,
  actor: Actor,
  query: Pick<z.infer<typeof expertProgramListQuery>, 'expert_id' | 'page' | 'limit' | 'search'>,
) {
  const where: SQL[] = [programVisibleSql(actor)];
  if (query.expert_id !== undefined) where.push(sql`x.expert_id = ${query.expert_id}`);
  if (query.search)
    where.push(sql`(x.title ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`);
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${programColumns(actor)}, count(*) over ()::int as total
      from expert_programs x join expert_profiles p on p.user_id = x.expert_id join users u on u.user_id = x.expert_id
      where ${sql.join(where, sql` and `)} order by x.created_at desc, x.expert_program_id desc
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    data: rows.map(programOf),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
}

export async function loadProgram(tx: Tx, actor: Actor, programId: number): Promise<ExpertProgramItem> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${programColumns(actor)}
      from expert_programs x join expert_profiles p on p.user_id = x.expert_id join users u on u.user_id = x.expert_id
      where x.expert_program_id = ${programId} and ${programVisibleSql(actor)}`,
  );
  if (!row) throw notFound(EXPERT_MESSAGES.programNotFound);
  return programOf(row);
}

export const getProgram = (database: Database, actor: Actor, programId: number) =>
  inScope(database.db, 'all', (tx) => loadProgram(tx, actor, programId));

export const getPrograms = (
  database: Database,
  actor: Actor,
  query: z.infer<typeof expertProgramListQuery>,
) => inScope(database.db, 'all', (tx) => listPrograms(tx, actor, query));

export async function createProgram(
  database: Database,
  actor: Actor,
  input: z.infer<typeof expertProgramCreate>,
): Promise<ExpertProgramItem> {
  return inScope(database.db, 'all', async (tx) => {
    const [profile] = await queryRows(tx, sql`select 1 from expert_profiles where user_id = ${actor.userId}`);
    if (!profile) throw badRequest(EXPERT_MESSAGES.notAnExpert);
    const [row] = await queryRows<{ expert_program_id: number }>(
      tx,
      sql`insert into expert_programs (expert_id, title, description, session_count, is_published)
        values (${actor.userId}, ${input.title}, ${input.description}, ${input.session_count}, ${input.is_published})
        returning expert_program_id`,
    );
    return loadProgram(tx, actor, row!.expert_program_id);
  });
}

/** Only the expert who offers a program changes it; anyone else gets the 404 of a missing one. */
async function ownProgram(tx: Tx, actor: Actor, programId: number) {
  const [row] = await queryRows(
    tx,
    sql`select 1 from expert_programs where expert_program_id = ${programId} and expert_id = ${actor.userId}
      and not is_deleted for update`,
  );
  if (!row) throw notFound(EXPERT_MESSAGES.programNotFound);
}

export async function updateProgram(
  database: Database,
  actor: Actor,
  programId: number,
  input: z.infer<typeof expertProgramUpdate>,
): Promise<ExpertProgramItem> {
  return inScope(database.db, 'all', async (tx) => {
    await ownProgram(tx, actor, programId);
    await tx.execute(sql`update expert_programs set
      title = coalesce(${input.title ?? null}, title),
      description = coalesce(${input.description ?? null}, description),
      session_count = coalesce(${input.session_count ?? null}::int, session_count),
      is_published = coalesce(${input.is_published ?? null}::boolean, is_published),
      modified_at = now() where expert_program_id = ${programId}`);
    return loadProgram(tx, actor, programId);
  });
}

export async function deleteProgram(database: Database, actor: Actor, programId: number): Promise<void> {
  await inScope(database.db, 'all', async (tx) => {
    await ownProgram(tx, actor, programId);
    await tx.execute(
      sql`update expert_programs set is_deleted = true, modified_at = now() where expert_program_id = ${programId}`,
    );
  });
}

/** The caller's engagement in a program it may see, created on first call. */
export async function joinProgram(tx: Tx, actor: Actor, programId: number): Promise<number> {
  const program = await loadProgram(tx, actor, programId);
  if (program.expert_id === actor.userId) throw badRequest(EXPERT_MESSAGES.bookSelf);
  await tx.execute(sql`insert into expert_engagements (expert_program_id, mentee_id) values (${programId}, ${actor.userId})
    on conflict (expert_program_id, mentee_id) do nothing`);
  const [row] = await queryRows<{ engagement_id: number }>(
    tx,
    sql`select engagement_id from expert_engagements where expert_program_id = ${programId} and mentee_id = ${actor.userId}`,
  );
  return Number(row!.engagement_id);
}

const engagementColumns = (actor: Actor) => sql`e.engagement_id, e.expert_program_id, x.title, x.expert_id,
  ${nameSql('eu')} as expert_name, e.mentee_id, ${nameSql('mu')} as mentee_name,
  case when x.expert_id = ${actor.userId} then 'expert' else 'mentee' end as role, x.session_count,
  (select count(*)::int from expert_sessions s where s.engagement_id = e.engagement_id and s.status = 'booked') as sessions_booked,
  (select min(s.starts_at) from expert_sessions s where s.engagement_id = e.engagement_id and s.status = 'booked'
    and s.ends_at > now()) as next_session_at`;
const engagementFrom = sql`expert_engagements e join expert_programs x on x.expert_program_id = e.expert_program_id
  join users eu on eu.user_id = x.expert_id join users mu on mu.user_id = e.mentee_id`;

const engagementOf = (row: Record<string, unknown>): EngagementSummary => ({
  engagement_id: Number(row.engagement_id),
  expert_program_id: Number(row.expert_program_id),
  title: String(row.title),
  expert_id: Number(row.expert_id),
  expert_name: String(row.expert_name),
  mentee_id: Number(row.mentee_id),
  mentee_name: String(row.mentee_name),
  role: row.role as 'expert' | 'mentee',
  session_count: Number(row.session_count),
  sessions_booked: Number(row.sessions_booked),
  next_session_at: row.next_session_at ? iso(row.next_session_at) : null,
});

/** /my-expert-programs: the programs one takes part in, and those one runs, with their people. */
export async function myPrograms(database: Database, actor: Actor, query: z.infer<typeof myProgramsQuery>) {
  const side =
    query.role === 'expert'
      ? sql`x.expert_id = ${actor.userId}`
      : query.role === 'mentee'
        ? sql`e.mentee_id = ${actor.userId}`
        : sql`(x.expert_id = ${actor.userId} or e.mentee_id = ${actor.userId})`;
  return inScope(database.db, 'all', async (tx) => {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${engagementColumns(actor)}, count(*) over ()::int as total from ${engagementFrom}
        where ${side} and not x.is_deleted order by next_session_at asc nulls last, e.engagement_id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    );
    const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
    return {
      data: rows.map(engagementOf),
      meta: {
        page: query.page,
        limit: query.limit,
        total,
        totalPages: Math.ceil(total / query.limit),
        totalExact: true,
      },
    };
  });
}

/** The engagements of a program the actor may open: a mentee its own, the expert every one. */
export async function engagementsIn(tx: Tx, actor: Actor, programId: number): Promise<EngagementSummary[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${engagementColumns(actor)} from ${engagementFrom}
      where e.expert_program_id = ${programId} and (x.expert_id = ${actor.userId} or e.mentee_id = ${actor.userId})
      order by e.engagement_id`,
  );
  return rows.map(engagementOf);
}

/** An engagement the actor is a side of, or 404. */
export async function engagementOfActor(
  tx: Tx,
  actor: Actor,
  engagementId: number,
): Promise<EngagementSummary> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${engagementColumns(actor)} from ${engagementFrom}
      where e.engagement_id = ${engagementId} and (x.expert_id = ${actor.userId} or e.mentee_id = ${actor.userId})`,
  );
  if (!row) throw notFound(EXPERT_MESSAGES.engagementNotFound);
  return engagementOf(row);
}
