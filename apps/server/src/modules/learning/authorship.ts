import {
  AUTHORSHIP_MESSAGES,
  type AuthorAccess,
  type AuthoredKind,
  type AuthorPerson,
  type EditableProgram,
  ERROR_CODES,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inScope, scopeOf } from '../../db/scope';
import { AppError, forbidden, notFound } from '../../http/app-error';
import { recordAudit } from '../../http/audit';
import { type Actor, isTenantAdmin, TEACHER_ROLE_NAME } from '../../http/policy';
import { invalid } from './own-parent';

/**
 * Who may author what (issue 23, point 9; docs/learning.md "Authors"). A program (with its courses,
 * modules and units) and an assessment (with its questions) are changed by their owner (`created_by`),
 * their co-authors (`program_authors`, `assessment_authors`) and the administrators of their scope:
 * platform administrators for the platform's, the tenant's administrators for a tenant's.
 */
export interface AuthoredTable {
  kind: AuthoredKind;
  /** The path parameter naming the root in the co-author routes. */
  param: 'programId' | 'assessmentId';
  /** Table and columns by name: constants of this module, never request text. */
  table: string;
  id: string;
  label: string;
  authors: string;
}

export const PROGRAM_AUTHORSHIP: AuthoredTable = {
  kind: 'program',
  param: 'programId',
  table: 'programs',
  id: 'program_id',
  label: 'program_name',
  authors: 'program_authors',
};

export const ASSESSMENT_AUTHORSHIP: AuthoredTable = {
  kind: 'assessment',
  param: 'assessmentId',
  table: 'assessments',
  id: 'assessment_id',
  label: 'title',
  authors: 'assessment_authors',
};

/** A level under the authored root, as the SQL that maps its ids to the root's ids. */
export type ChildLevel = 'courses' | 'modules' | 'units' | 'questions';

const ROOT_OF: Record<ChildLevel, (ids: SQL) => SQL> = {
  courses: (ids) => sql`select c.program_id as root_id from courses c where c.course_id in (${ids})`,
  modules: (ids) => sql`select c.program_id as root_id from modules m
    join courses c on c.course_id = m.course_id where m.module_id in (${ids})`,
  units: (ids) => sql`select c.program_id as root_id from units u
    join modules m on m.module_id = u.module_id
    join courses c on c.course_id = m.course_id where u.unit_id in (${ids})`,
  questions: (ids) => sql`select q.assessment_id as root_id from assessment_questions q
    where q.question_id in (${ids})`,
};

interface RootRow {
  id: number;
  tenant_id: number | null;
  created_by: number | null;
  co_author: boolean;
}

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The caller's own scope for writes: its tenant's rows, or the platform's on the main platform. */
const writeScope = (actor: Actor, alias: string): SQL =>
  actor.tenantId === null
    ? sql`${sql.raw(alias)}.tenant_id is null`
    : sql`${sql.raw(alias)}.tenant_id = ${actor.tenantId}`;

/** Administers the row's scope: a platform admin everywhere, a tenant's admins its own rows. */
export function administers(actor: Actor, tenantId: number | null): boolean {
  if (actor.isPlatformAdmin) return true;
  return tenantId !== null && tenantId === actor.tenantId && isTenantAdmin(actor);
}

function accessOf(actor: Actor, row: RootRow): AuthorAccess | null {
  if (row.created_by === actor.userId) return 'owner';
  if (row.co_author) return 'co_author';
  if (administers(actor, row.tenant_id)) return 'admin';
  return null;
}

async function readRoots(db: DbOrTx, actor: Actor, def: AuthoredTable, ids: SQL): Promise<RootRow[]> {
  const t = sql.raw(def.table);
  const id = sql.raw(def.id);
  const result = (await inScope(db, scopeOf(actor), (tx) =>
    tx.execute(sql`select r.${id} as id, r.tenant_id, r.created_by,
        exists (select 1 from ${sql.raw(def.authors)} a
          where a.${id} = r.${id} and a.user_id = ${actor.userId}) as co_author
      from ${t} r
      where r.${id} in (${ids}) and r.is_deleted = false and ${writeScope(actor, 'r')}`),
  )) as unknown as { rows: RootRow[] };
  return result.rows;
}

/**
 * Refuses (403) a change to roots the caller may not author. Rows outside the caller's scope are left
 * to the store, which answers 404 for them exactly as for rows that do not exist.
 */
export async function assertAuthors(
  db: DbOrTx,
  actor: Actor,
  def: AuthoredTable,
  ids: readonly number[],
  level?: ChildLevel,
): Promise<void> {
  if (ids.length === 0 || actor.isPlatformAdmin) return;
  const rootIds = level ? ROOT_OF[level](list(ids)) : list(ids);
  const roots = await readRoots(db, actor, def, rootIds);
  if (roots.some((row) => accessOf(actor, row) === null)) {
    throw forbidden(AUTHORSHIP_MESSAGES.notAuthor(def.kind));
  }
}

/** The root a co-author call names, in the caller's scope (404 otherwise), with the caller's access. */
async function rootFor(db: DbOrTx, actor: Actor, def: AuthoredTable, id: number) {
  const [row] = await readRoots(db, actor, def, list([id]));
  const name = def.kind === 'program' ? 'Program' : 'Assessment';
  if (!row) throw notFound(`${name} not found`);
  return { row, access: accessOf(actor, row) };
}

const person = sql.raw('u.user_id, u.username, u.first_name, u.last_name');

/** `getAuthors/{id}`: for anyone who may author it. */
export async function getAuthors(db: DbOrTx, actor: Actor, def: AuthoredTable, id: number) {
  const { row, access } = await rootFor(db, actor, def, id);
  if (!access) throw forbidden(AUTHORSHIP_MESSAGES.notAuthor(def.kind));
  return inScope(db, scopeOf(actor), async (tx) => {
    const owner = row.created_by
      ? ((await tx.execute(
          sql`select ${person} from users u where u.user_id = ${row.created_by}`,
        )) as unknown as {
          rows: AuthorPerson[];
        })
      : { rows: [] };
    const coAuthors = (await tx.execute(sql`select ${person} from ${sql.raw(def.authors)} a
        join users u on u.user_id = a.user_id
        where a.${sql.raw(def.id)} = ${id} order by lower(u.username)`)) as unknown as {
      rows: AuthorPerson[];
    };
    return {
      owner: owner.rows[0] ?? null,
      co_authors: coAuthors.rows,
      can_manage: access === 'owner' || access === 'admin',
    };
  });
}

/**
 * People who may become co-authors of a root: live, enabled users holding the teacher role in the
 * root's scope (only they pass the authoring routes' policy without already administering the scope),
 * other than its owner and its co-authors. `roles` and `user_roles` are read across tenants by design.
 */
function candidates(def: AuthoredTable, row: RootRow, rootId: number): SQL {
  const scope = row.tenant_id === null ? sql`ur.tenant_id is null` : sql`ur.tenant_id = ${row.tenant_id}`;
  return sql`u.is_deleted = false and u.enabled = true
    and u.user_id <> ${row.created_by ?? 0}
    and not exists (select 1 from ${sql.raw(def.authors)} a where a.${sql.raw(def.id)} = ${rootId} and a.user_id = u.user_id)
    and exists (select 1 from user_roles ur join roles r on r.role_id = ur.role_id
      where ur.user_id = u.user_id and ${scope} and r.role_name = ${TEACHER_ROLE_NAME})`;
}

async function assertManages(db: DbOrTx, actor: Actor, def: AuthoredTable, id: number) {
  const found = await rootFor(db, actor, def, id);
  if (found.access !== 'owner' && found.access !== 'admin') {
    throw forbidden(
      found.access ? AUTHORSHIP_MESSAGES.notOwner(def.kind) : AUTHORSHIP_MESSAGES.notAuthor(def.kind),
    );
  }
  return found.row;
}

/** `searchPeople/{id}?search=`: up to 10 candidates by username (or name), for the owner and admins. */
export async function searchPeople(db: DbOrTx, actor: Actor, def: AuthoredTable, id: number, search: string) {
  const row = await assertManages(db, actor, def, id);
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = (await inScope(db, scopeOf(actor), (tx) =>
    tx.execute(sql`select ${person} from users u
      where ${candidates(def, row, id)}
        and (u.username ilike ${pattern} or (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ilike ${pattern})
      order by lower(u.username) limit 10`),
  )) as unknown as { rows: AuthorPerson[] };
  return result.rows;
}

export async function addAuthor(db: DbOrTx, actor: Actor, def: AuthoredTable, id: number, userId: number) {
  const row = await assertManages(db, actor, def, id);
  await inScope(db, scopeOf(actor), async (tx) => {
    const existing = (await tx.execute(sql`select 1 from ${sql.raw(def.authors)}
      where ${sql.raw(def.id)} = ${id} and user_id = ${userId}`)) as unknown as { rows: unknown[] };
    if (existing.rows.length > 0 || userId === row.created_by) {
      throw new AppError(ERROR_CODES.conflict, 409, AUTHORSHIP_MESSAGES.alreadyAuthor);
    }
    const ok = (await tx.execute(
      sql`select 1 from users u where u.user_id = ${userId} and ${candidates(def, row, id)}`,
    )) as unknown as { rows: unknown[] };
    if (ok.rows.length === 0) throw invalid('user_id', AUTHORSHIP_MESSAGES.notCandidate);
    await tx.execute(sql`insert into ${sql.raw(def.authors)} (${sql.raw(def.id)}, user_id, tenant_id, created_by)
      values (${id}, ${userId}, ${row.tenant_id}, ${actor.userId})`);
    await recordAudit(tx, actor, {
      action: 'create',
      entity: def.authors,
      ids: [id],
      details: { user_id: userId },
    });
  });
  return getAuthors(db, actor, def, id);
}

/** The owner and admins remove anyone; a co-author may remove themselves (and then loses access). */
export async function removeAuthor(db: DbOrTx, actor: Actor, def: AuthoredTable, id: number, userId: number) {
  const { access } = await rootFor(db, actor, def, id);
  const self = access === 'co_author' && userId === actor.userId;
  if (!self && access !== 'owner' && access !== 'admin') {
    throw forbidden(
      access ? AUTHORSHIP_MESSAGES.notOwner(def.kind) : AUTHORSHIP_MESSAGES.notAuthor(def.kind),
    );
  }
  await inScope(db, scopeOf(actor), async (tx) => {
    const removed = (await tx.execute(sql`delete from ${sql.raw(def.authors)}
      where ${sql.raw(def.id)} = ${id} and user_id = ${userId} returning user_id`)) as unknown as {
      rows: unknown[];
    };
    if (removed.rows.length === 0) throw notFound('Co-author not found');
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: def.authors,
      ids: [id],
      details: { user_id: userId },
    });
  });
  if (self) return { owner: null, co_authors: [], can_manage: false };
  return getAuthors(db, actor, def, id);
}

/**
 * `getEditablePrograms`: the programs of the caller's scope it may change (all of them for the
 * scope's administrators), drafts included, most recently changed first, with why it may.
 */
export async function editablePrograms(
  db: DbOrTx,
  actor: Actor,
  query: { page: number; limit: number; search: string },
) {
  const admin = administers(actor, actor.tenantId);
  const mine = admin
    ? sql`true`
    : sql`(p.created_by = ${actor.userId}
        or exists (select 1 from program_authors a where a.program_id = p.program_id and a.user_id = ${actor.userId}))`;
  const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const search = query.search
    ? sql` and (p.program_name ilike ${pattern} or p.program_category ilike ${pattern})`
    : sql``;
  const offset = (query.page - 1) * query.limit;
  const result = (await inScope(db, scopeOf(actor), (tx) =>
    tx.execute(sql`select p.program_id, p.tenant_id, p.program_name, p.description, p.program_category,
        p.status, to_json(p.start_date) #>> '{}' as start_date, to_json(p.end_date) #>> '{}' as end_date,
        p.image_url, p.created_by, p.modified_by, to_json(p.created_at) #>> '{}' as created_at,
        to_json(p.modified_at) #>> '{}' as modified_at, p.is_deleted,
        case when p.created_by = ${actor.userId} then 'owner'
          when exists (select 1 from program_authors a where a.program_id = p.program_id and a.user_id = ${actor.userId})
            then 'co_author' else 'admin' end as access,
        count(*) over ()::int as total
      from programs p
      where p.is_deleted = false and ${writeScope(actor, 'p')} and ${mine}${search}
      order by p.modified_at desc, p.program_id desc
      limit ${query.limit} offset ${offset}`),
  )) as unknown as { rows: (EditableProgram & { total: number })[] };
  let total = result.rows[0]?.total ?? 0;
  if (result.rows.length === 0 && offset > 0) {
    const counted = (await inScope(db, scopeOf(actor), (tx) =>
      tx.execute(sql`select count(*)::int as total from programs p
        where p.is_deleted = false and ${writeScope(actor, 'p')} and ${mine}${search}`),
    )) as unknown as { rows: { total: number }[] };
    total = counted.rows[0]?.total ?? 0;
  }
  const data = result.rows.map(({ total: _total, ...rest }) => rest);
  return {
    data,
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
}
