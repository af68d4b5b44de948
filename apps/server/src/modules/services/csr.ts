import {
  CSR_MESSAGES,
  type CsrProjectItem,
  type csrInterestCreate,
  type csrProjectCreate,
  type csrSearchQuery,
  ERROR_CODES,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { publishes } from './policy';

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Row = Omit<CsrProjectItem, 'interested' | 'can_manage' | 'interests' | 'created_at'> & {
  created_at: unknown;
  interested: boolean;
  interests: number;
};

const COLUMNS = (actor: Actor) => sql`p.project_id, p.tenant_id, t.tenant_name as organisation, p.title,
  p.description, p.cause, p.budget_min::float8 as budget_min, p.budget_max::float8 as budget_max, p.currency,
  p.location, p.status, p.created_at,
  exists (select 1 from csr_interests i where i.project_id = p.project_id and i.user_id = ${actor.userId}) as interested,
  (select count(*)::int from csr_interests i where i.project_id = p.project_id) as interests`;

function toItem(actor: Actor, row: Row): CsrProjectItem {
  const manage = publishes(actor, row.tenant_id);
  // The count of interests is the publisher's to see.
  return {
    ...row,
    created_at: iso(row.created_at),
    can_manage: manage,
    interests: manage ? row.interests : 0,
  };
}

/** Every organisation's CSR projects for everyone signed in: words, cause and status, newest first. */
export async function searchProjects(
  database: Database,
  actor: Actor,
  query: z.infer<typeof csrSearchQuery>,
) {
  const parts: SQL[] = [sql`p.is_deleted = false`];
  if (query.search) {
    const pattern = escapeLike(query.search);
    parts.push(
      sql`(p.title ilike ${pattern} or p.description ilike ${pattern} or p.location ilike ${pattern})`,
    );
  }
  if (query.cause) parts.push(sql`p.cause = ${query.cause}`);
  if (query.status) parts.push(sql`p.status = ${query.status}`);
  const where = sql.join(parts, sql` and `);
  const [rows, counted] = await Promise.all([
    database.read<Row>(
      sql`select ${COLUMNS(actor)} from csr_projects p join tenants t on t.tenant_id = p.tenant_id
        where ${where} order by (p.status = 'open') desc, p.created_at desc, p.project_id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
      false,
      'all',
    ),
    database.read<{ total: number }>(
      sql`select count(*)::int as total from csr_projects p where ${where}`,
      false,
      'all',
    ),
  ]);
  const total = counted[0]?.total ?? 0;
  return {
    data: rows.map((row) => toItem(actor, row)),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
}

async function readProject(database: Database, actor: Actor, projectId: number) {
  const [row] = await database.read<Row>(
    sql`select ${COLUMNS(actor)} from csr_projects p join tenants t on t.tenant_id = p.tenant_id
      where p.project_id = ${projectId} and p.is_deleted = false`,
    false,
    'all',
  );
  if (!row) throw notFound(CSR_MESSAGES.projectNotFound);
  return toItem(actor, row);
}

/** Publishes a project in the caller's organisation. */
export async function createProject(
  database: Database,
  actor: Actor,
  input: z.infer<typeof csrProjectCreate>,
) {
  if (actor.tenantId === null) throw forbidden(CSR_MESSAGES.tenantNeeded);
  const tenantId = actor.tenantId;
  if (!publishes(actor, tenantId)) throw forbidden(CSR_MESSAGES.notPublisher);
  const [row] = await inScope(database.db, tenantId, (tx) =>
    queryRows<{ project_id: number }>(
      tx,
      sql`insert into csr_projects (tenant_id, title, description, cause, budget_min, budget_max, currency,
          location, status, created_by, modified_by)
        values (${tenantId}, ${input.title}, ${input.description}, ${input.cause}, ${input.budget_min},
          ${input.budget_max}, ${input.currency}, ${input.location}, ${input.status}, ${actor.userId}, ${actor.userId})
        returning project_id`,
    ),
  );
  if (!row) throw new Error('insert returned nothing');
  return readProject(database, actor, row.project_id);
}

/** Records the caller's interest once per project (a second is 409, however many arrive at once). */
export async function expressInterest(
  database: Database,
  actor: Actor,
  input: z.infer<typeof csrInterestCreate>,
) {
  const project = await readProject(database, actor, input.project_id);
  if (project.status !== 'open') throw conflict(CSR_MESSAGES.closed);
  const [row] = await inScope(database.db, 'all', (tx) =>
    queryRows<{ interest_id: number }>(
      tx,
      sql`insert into csr_interests (project_id, tenant_id, user_id, message)
        values (${project.project_id}, ${project.tenant_id}, ${actor.userId}, ${input.message})
        on conflict (project_id, user_id) do nothing returning interest_id`,
    ),
  );
  if (!row) throw conflict(CSR_MESSAGES.alreadyInterested);
  return { data: await readProject(database, actor, project.project_id), message: CSR_MESSAGES.interestSent };
}

/** The interests in a project, for its publisher only (404 to anyone else, as for a missing project). */
export async function projectInterests(database: Database, actor: Actor, projectId: number) {
  const [project] = await database.read<{ tenant_id: number }>(
    sql`select tenant_id from csr_projects where project_id = ${projectId} and is_deleted = false`,
    false,
    'all',
  );
  if (!project || !publishes(actor, project.tenant_id)) throw notFound(CSR_MESSAGES.projectNotFound);
  const rows = await database.read<{
    interest_id: number;
    user_id: number;
    name: string;
    message: string;
    created_at: unknown;
  }>(
    sql`select i.interest_id, i.user_id, i.message, i.created_at,
        coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username) as name
      from csr_interests i join users u on u.user_id = i.user_id
      where i.project_id = ${projectId} order by i.created_at desc limit 500`,
    false,
    'all',
  );
  return { data: rows.map((row) => ({ ...row, created_at: iso(row.created_at) })) };
}
