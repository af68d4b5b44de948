import { ERROR_CODES } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { AppError, badRequest } from '../../http/app-error';
import type { Actor } from '../../http/policy';

export const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);
export const invalid = (path: string, message: string) =>
  badRequest(message, [{ in: 'body', path, message }]);
export const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
export const DAY = 86_400_000;

/** Whose name a person shows: their full name, else the username. */
export const nameSql = (alias: string) =>
  sql.raw(
    `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.username)`,
  );

/** The tenants the actor belongs to (a profile for one of them is visible to it). */
export const tenantsOf = (actor: Actor) => [
  ...new Set(actor.roles.map((role) => role.tenantId).filter((id): id is number => id !== null)),
];

/** A profile the actor may find: published and for everyone or one of its tenants, or its own. */
export function visibleSql(actor: Actor, alias = 'p'): SQL {
  if (actor.isPlatformAdmin) return sql`true`;
  const tenants = tenantsOf(actor);
  const column = sql.raw(`${alias}.tenant_id`);
  const owner = sql.raw(`${alias}.user_id`);
  const audience =
    tenants.length === 0
      ? sql`${column} is null`
      : sql`(${column} is null or ${column} in (${sql.join(
          tenants.map((id) => sql`${id}`),
          sql`, `,
        )}))`;
  return sql`((${sql.raw(`${alias}.is_published`)} and ${audience}) or ${owner} = ${actor.userId})`;
}
