import { TEMP_ROLE_ID } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/**
 * SQL pieces shared by the profile page and the directory. Every query names the users table `u`.
 * Nothing from a request is concatenated: values travel as parameters.
 */

/** The owner's main-platform settings row (the oldest, as settings.ts reads it), as `s`. */
export const mainSettingsJoin = sql`left join lateral (
  select us.profile_visibility, us.show_email, us.show_phone
  from user_settings us
  where us.user_id = u.user_id and us.tenant_id is null and us.is_deleted = false
  order by us.user_setting_id
  limit 1
) s on true`;

/** True when `u` and the viewer hold live roles in a common tenant. */
export function sharesTenantWith(viewerId: number): SQL {
  return sql`exists (
    select 1 from user_roles mine
    join user_roles theirs on theirs.tenant_id = mine.tenant_id
    where mine.user_id = ${viewerId} and theirs.user_id = u.user_id
      and mine.tenant_id is not null and mine.is_deleted = false and theirs.is_deleted = false
  )`;
}

/**
 * Other areas' ways of being close to someone (the network's "connected"), registered through
 * `addProfileRelation` in this area's index.ts so profiles never imports them. Each returns a SQL
 * predicate over the users table as `u` and the viewer's id.
 */
export type ProfileRelation = (viewerId: number) => SQL;
const relations = new Map<string, ProfileRelation>();

/** Registers (or replaces) a named relation; registering again under the same name is harmless. */
export function addProfileRelation(name: string, relation: ProfileRelation): void {
  relations.set(name, relation);
}

/**
 * True when `u` counts among the viewer's connections for the 'connections' privacy level: a shared
 * tenant, or any registered relation (the network's accepted connections).
 */
export function closeTo(viewerId: number): SQL {
  const rules = [sharesTenantWith(viewerId), ...[...relations.values()].map((rule) => rule(viewerId))];
  return sql`(${sql.join(rules, sql` or `)})`;
}

/**
 * The SQL form of canSeeProfile (policy.ts) over `u`, with its own lookup of the owner's privacy:
 * for other areas listing people (the network's search). Read it in scope 'main' (user_settings).
 */
export function profileVisibleTo(viewer: { userId: number; isPlatformAdmin: boolean }): SQL {
  if (viewer.isPlatformAdmin) return sql`true`;
  return sql`(u.user_id = ${viewer.userId} or coalesce((
      select us.profile_visibility from user_settings us
      where us.user_id = u.user_id and us.tenant_id is null and us.is_deleted = false
      order by us.user_setting_id limit 1
    ), 'public') = 'public'
    or (coalesce((
      select us.profile_visibility from user_settings us
      where us.user_id = u.user_id and us.tenant_id is null and us.is_deleted = false
      order by us.user_setting_id limit 1
    ), 'public') = 'connections' and ${closeTo(viewer.userId)}))`;
}

/** A live, enabled account. */
export const liveUser = sql`u.is_deleted = false and u.enabled = true`;

/** Display names of each user's system roles, never the temporary one, in role id order. */
export async function roleNamesOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (userIds.length === 0) return names;
  const rows = await queryRows<{ user_id: number; display_name: string }>(
    db,
    sql`select distinct ur.user_id, r.display_name, r.role_id
        from user_roles ur
        join roles r on r.role_id = ur.role_id
        where ur.user_id in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and ur.is_deleted = false and r.is_deleted = false
          and r.parent_user_id is null and r.role_id <> ${TEMP_ROLE_ID}
        order by r.role_id`,
  );
  for (const row of rows) {
    const list = names.get(row.user_id) ?? [];
    if (!list.includes(row.display_name)) list.push(row.display_name);
    names.set(row.user_id, list);
  }
  return names;
}
