import { ERROR_CODES, MESSAGES, TEMP_ROLE_ID, type User, type UserRole, user } from '@nexus/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { roles, userRoles, users } from '../../../db/schema';
import { AppError, badRequest, notFound } from '../../../http/app-error';
import { MEMBER_VIEW_FIELDS, type UserAccess } from './policy';

export const userNotFound = () => notFound(MESSAGES.userNotFound);

/**
 * The temp role (spec section 3: id 19, name temp, shown as Temp). Without it the rule "a user with no
 * roles gets temp" cannot hold, which is a broken installation rather than a bad request: a 500 with
 * the spec's message (section 8), so the client shows it and operators see a server fault.
 */
export async function loadTempRole(db: DbOrTx): Promise<UserRole> {
  const [row] = await db
    .select({
      role_id: roles.role_id,
      display_name: roles.display_name,
      role_name: roles.role_name,
      role_view: roles.role_view,
      parent_user_id: roles.parent_user_id,
    })
    .from(roles)
    .where(and(eq(roles.role_id, TEMP_ROLE_ID), eq(roles.is_deleted, false)));
  if (!row) throw new AppError(ERROR_CODES.internal, 500, MESSAGES.tempRoleMissing);
  return { ...row, tenant_id: null, isCustom: false };
}

/** Live roles per user, oldest grant first (the "first role" of spec section 4). */
export async function loadHeldRoles(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, UserRole[]>> {
  const byUser = new Map<number, UserRole[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const held = await db
    .select({
      user_id: userRoles.user_id,
      role_id: roles.role_id,
      display_name: roles.display_name,
      role_name: roles.role_name,
      role_view: roles.role_view,
      tenant_id: userRoles.tenant_id,
      parent_user_id: roles.parent_user_id,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.role_id, userRoles.role_id))
    .where(
      and(
        inArray(userRoles.user_id, [...userIds]),
        eq(userRoles.is_deleted, false),
        eq(roles.is_deleted, false),
      ),
    )
    .orderBy(asc(userRoles.user_role_id));
  for (const { user_id, ...role } of held) {
    byUser.get(user_id)?.push({ ...role, isCustom: role.parent_user_id !== null });
  }
  return byUser;
}

type UserRow = typeof users.$inferSelect;

/**
 * `active_role` is the stored active role while the user still holds it, else null: the client
 * applies spec section 4 ("otherwise the first role", and `/select-role` for a user with several
 * roles and none chosen), which it could not if the server had already picked the first. No roles
 * means temp.
 */
export function presentUser(row: UserRow, held: UserRole[], temp: UserRole | null): User {
  const list = held.length > 0 ? held : temp ? [temp] : [];
  const active = list.find((role) => role.role_id === row.active_role_id) ?? null;
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

/**
 * The spec's User (section 3) for each live user id, in the order given; missing ids are left out.
 * Role-less users are shown with the temp role; it is not written here (a read never changes data),
 * createUser is what stores it.
 */
export async function loadUsers(db: DbOrTx, userIds: readonly number[]): Promise<User[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(users)
    .where(and(inArray(users.user_id, [...userIds]), eq(users.is_deleted, false)));
  const held = await loadHeldRoles(
    db,
    rows.map((row) => row.user_id),
  );
  const temp = rows.some((row) => (held.get(row.user_id) ?? []).length === 0) ? await loadTempRole(db) : null;
  const byId = new Map(rows.map((row) => [row.user_id, row]));
  return userIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentUser(row, held.get(id) ?? [], temp)] : [];
  });
}

/** One user as the spec's User, or 404 'User not found'. */
export async function loadUser(db: DbOrTx, userId: number): Promise<User> {
  const [view] = await loadUsers(db, [userId]);
  if (!view) throw userNotFound();
  return view;
}

const VIEW_FIELDS = new Set(Object.keys(user.shape));

/** A field list may name only keys of the User view (never a column such as password_hash): else 400. */
export function checkViewFields(fields: readonly string[] | undefined): void {
  for (const field of fields ?? []) {
    if (!VIEW_FIELDS.has(field)) {
      throw badRequest(`fields: unknown column '${field}'`, [
        { in: 'querystring', path: 'fields', message: `unknown column '${field}'` },
      ]);
    }
  }
}

/** Keeps only the requested keys of the view (spec section 7: "with a field list"). */
export function pickFields(view: Partial<User>, fields: readonly string[] | undefined): Partial<User> {
  if (!fields || fields.length === 0) return view;
  checkViewFields(fields);
  const out: Record<string, unknown> = {};
  for (const field of fields) out[field] = (view as Record<string, unknown>)[field];
  return out as Partial<User>;
}

/**
 * The record as the caller may see it: whole for the person and platform administrators; for a
 * tenant administrator only the member view, with the roles held in their tenant (issue 14 item 1).
 */
export function viewFor(view: User, access: UserAccess): Partial<User> {
  if (access.self || access.platformAdmin || access.tenantId === null) return view;
  const tenantId = access.tenantId;
  const member: Partial<User> = {};
  for (const field of MEMBER_VIEW_FIELDS) (member as Record<string, unknown>)[field] = view[field];
  member.roles = (view.roles ?? []).filter((role) => role.tenant_id === tenantId);
  return member;
}
