import {
  GOVERNMENT_ROLE_NAME,
  SCHEME_MESSAGES,
  type SchemeItem,
  type schemeCreate,
  type schemeSearchQuery,
  type schemeUpdate,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Database, queryRows } from '../../db/client';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { pgTextArray } from './text-array';

type Row = Omit<SchemeItem, 'can_edit'> & { created_by: number | null };

/** Government bodies (the system role, in any context) and platform admins publish schemes. */
export function publishesSchemes(actor: Actor): boolean {
  return actor.isPlatformAdmin || actor.roles.some((role) => role.roleName === GOVERNMENT_ROLE_NAME);
}

const mayEdit = (actor: Actor, row: Row) =>
  actor.isPlatformAdmin || (publishesSchemes(actor) && row.created_by === actor.userId);
const toItem = (actor: Actor, { created_by: _by, ...row }: Row): SchemeItem => ({
  ...row,
  can_edit: mayEdit(actor, { ...row, created_by: _by }),
});
const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const COLUMNS = sql.raw(`scheme_id, name, agency, description, eligibility, how_to_apply, link, sectors,
  to_char(deadline, 'YYYY-MM-DD') as deadline, created_by`);

/** Schemes by word (name, body, description, eligibility) and sector; open deadlines first. */
export async function searchSchemes(
  database: Database,
  actor: Actor,
  query: z.infer<typeof schemeSearchQuery>,
) {
  const parts: SQL[] = [sql`is_deleted = false`];
  if (query.search) {
    const pattern = escapeLike(query.search);
    parts.push(
      sql`(name ilike ${pattern} or agency ilike ${pattern} or description ilike ${pattern} or eligibility ilike ${pattern})`,
    );
  }
  if (query.sector) parts.push(sql`${query.sector} = any(sectors)`);
  const where = sql.join(parts, sql` and `);
  const [rows, counted] = await Promise.all([
    database.read<Row>(
      sql`select ${COLUMNS} from government_schemes where ${where}
        order by (deadline is not null and deadline < current_date), deadline nulls last, scheme_id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    ),
    database.read<{ total: number }>(
      sql`select count(*)::int as total from government_schemes where ${where}`,
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
    can_publish: publishesSchemes(actor),
  };
}

async function readScheme(database: Database, schemeId: number): Promise<Row> {
  const [row] = await database.read<Row>(
    sql`select ${COLUMNS} from government_schemes where scheme_id = ${schemeId} and is_deleted = false`,
  );
  if (!row) throw notFound(SCHEME_MESSAGES.schemeNotFound);
  return row;
}

export async function getScheme(database: Database, actor: Actor, schemeId: number) {
  return toItem(actor, await readScheme(database, schemeId));
}

export async function createScheme(database: Database, actor: Actor, input: z.infer<typeof schemeCreate>) {
  if (!publishesSchemes(actor)) throw forbidden(SCHEME_MESSAGES.notPublisher);
  const [row] = await queryRows<{ scheme_id: number }>(
    database.db,
    sql`insert into government_schemes (name, agency, description, eligibility, how_to_apply, link, sectors,
        deadline, created_by, modified_by)
      values (${input.name}, ${input.agency}, ${input.description}, ${input.eligibility},
        ${pgTextArray(input.how_to_apply)}::text[], ${input.link}, ${pgTextArray([...new Set(input.sectors)])}::text[],
        ${input.deadline}::date, ${actor.userId}, ${actor.userId})
      returning scheme_id`,
  );
  if (!row) throw new Error('insert returned nothing');
  return getScheme(database, actor, row.scheme_id);
}

/**
 * Edits a scheme: its author or a platform admin. Anyone who publishes no schemes is refused before
 * the lookup, so the answer never tells an existing scheme from a missing one.
 */
export async function updateScheme(
  database: Database,
  actor: Actor,
  schemeId: number,
  input: z.infer<typeof schemeUpdate>,
) {
  if (!publishesSchemes(actor)) throw forbidden(SCHEME_MESSAGES.notPublisher);
  const row = await readScheme(database, schemeId);
  if (!mayEdit(actor, row)) throw forbidden(SCHEME_MESSAGES.notAuthor);
  const next = { ...row, ...input };
  await database.db.execute(
    sql`update government_schemes set name = ${next.name}, agency = ${next.agency},
        description = ${next.description}, eligibility = ${next.eligibility},
        how_to_apply = ${pgTextArray(next.how_to_apply)}::text[], link = ${next.link},
        sectors = ${pgTextArray([...new Set(next.sectors)])}::text[], deadline = ${next.deadline ?? null}::date,
        modified_by = ${actor.userId}, modified_at = now()
      where scheme_id = ${schemeId}`,
  );
  return getScheme(database, actor, schemeId);
}
