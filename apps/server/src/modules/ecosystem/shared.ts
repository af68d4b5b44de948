import { ERROR_CODES } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { AppError, badRequest } from '../../http/app-error';
import { type Actor, isTenantAdmin } from '../../http/policy';

export const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);

/** A 400 naming the one field at fault, as zod's own errors do. */
export const invalid = (path: string, message: string) =>
  badRequest(message, [{ in: 'body', path, message }]);

/** A person's display name from the users table aliased `alias`. */
export const nameSql = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), ''), ${alias}.username)`,
  );

export const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

/** The next offset cursor: null when the page came back short (the last page). */
export function nextCursor(offset: number, limit: number, got: number): string | null {
  return got > limit ? String(offset + limit) : null;
}

/** One page of `rows` fetched with limit + 1. */
export function page<T>(rows: T[], cursor: string | undefined, limit: number) {
  const offset = Number(cursor ?? 0);
  return { data: rows.slice(0, limit), meta: { limit, next_cursor: nextCursor(offset, limit, rows.length) } };
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word of `search` must match one of `columns` (case-insensitive substring). */
export function wordsMatch(search: string, columns: SQL[]): SQL {
  const words = search.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map(
      (word) =>
        sql`(${sql.join(
          columns.map((column) => sql`${column} ilike ${likePattern(word)}`),
          sql` or `,
        )})`,
    ),
    sql` and `,
  );
}

/**
 * Who manages center `ic`: its owner, the administrators of the organisation it names (in that
 * organisation's context) and platform administrators.
 */
export function managesCenterSql(actor: Actor, alias = 'ic'): SQL {
  if (actor.isPlatformAdmin) return sql`true`;
  const admin =
    actor.tenantId !== null && isTenantAdmin(actor)
      ? sql` or ${sql.raw(alias)}.tenant_id = ${actor.tenantId}`
      : sql``;
  return sql`(${sql.raw(alias)}.owner_id = ${actor.userId}${admin})`;
}

/** Who reviews center `ic`'s applications: its managers and the reviewers it named. */
export function reviewsCenterSql(actor: Actor, alias = 'ic'): SQL {
  return sql`(${managesCenterSql(actor, alias)} or exists (select 1 from center_reviewers cr
    where cr.center_id = ${sql.raw(alias)}.center_id and cr.user_id = ${actor.userId}))`;
}

/**
 * Who reads startup `s`'s private fields (traction, deck): its owner, the managers and reviewers of
 * centers it applied to, the investors whose calls it applied to, and platform administrators.
 */
export function seesPrivateSql(actor: Actor, alias = 's'): SQL {
  if (actor.isPlatformAdmin) return sql`true`;
  const s = sql.raw(alias);
  return sql`(${s}.owner_id = ${actor.userId}
    or exists (select 1 from cohort_applications pa join cohorts pc on pc.cohort_id = pa.cohort_id
      join innovation_centers ic on ic.center_id = pc.center_id
      where pa.startup_id = ${s}.startup_id and ${reviewsCenterSql(actor, 'ic')})
    or exists (select 1 from funding_applications pf join funding_calls fc on fc.call_id = pf.call_id
      join investors iv on iv.investor_id = fc.investor_id
      where pf.startup_id = ${s}.startup_id and iv.owner_id = ${actor.userId}))`;
}

export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`select user_id from users where user_id = ${userId} and is_deleted = false and enabled = true`,
  );
  return rows.length > 0;
}

export const person = (userId: number | string, name: string) => ({ user_id: Number(userId), name });
