import type { User } from '@nexus/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { roles, userRoles, users } from '../db/schema';

/**
 * The spec's User (section 3) as sign-in returns it: roles with their view and tenant, and the active
 * role by the rule of section 4 (the stored one if the user still holds it, else the first).
 */
export async function loadUserView(db: DbOrTx, userId: number): Promise<User | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.user_id, userId), eq(users.is_deleted, false)));
  if (!row) return null;
  const held = await db
    .select({
      role_id: roles.role_id,
      display_name: roles.display_name,
      role_name: roles.role_name,
      role_view: roles.role_view,
      tenant_id: userRoles.tenant_id,
      parent_user_id: roles.parent_user_id,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.role_id, userRoles.role_id))
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.is_deleted, false), eq(roles.is_deleted, false)))
    .orderBy(asc(userRoles.user_role_id));
  const list = held.map((r) => ({ ...r, isCustom: r.parent_user_id !== null }));
  const active = list.find((r) => r.role_id === row.active_role_id) ?? list[0] ?? null;
  return {
    user_id: row.user_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    enabled: row.enabled,
    roles: list,
    active_role: active,
    profile_image: row.profile_image,
    roll_number: row.roll_number,
    age: row.age,
    gender: row.gender,
    registration_redirect: row.registration_redirect,
    phone_number: row.phone_number,
    otpVerified: row.email_verified,
  };
}
