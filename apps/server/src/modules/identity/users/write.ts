import { type RoleRef, TEMP_ROLE_ID, USER_MESSAGES } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { sessionCache } from '../../../auth/session-cache';
import { revokeOtherSessions } from '../../../auth/sessions';
import type { DbOrTx } from '../../../db/client';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../../../db/errors';
import { users } from '../../../db/schema';
import { AppError, badRequest } from '../../../http/app-error';
import type { Actor } from '../../../http/policy';
import { assertKeepsPlatformAdmin } from './last-admin';
import type { UserAccess } from './policy';
import { refusedFields } from './policy';
import { replaceRoles, resolveRoleRefs } from './roles';
import { loadHeldRoles, userNotFound } from './user-view';

/** Validated changes to one user, in API names (contracts userUpdateBody / authUserUpdateBody). */
export interface UserChanges {
  username?: string;
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  phone_number?: string | null;
  profile_image?: string | null;
  gender?: string | null;
  age?: number | null;
  registration_redirect?: string | null;
  roll_number?: string | null;
  active_role?: number | null;
  display_name?: string;
  roles?: RoleRef[];
  enabled?: boolean;
  otpVerified?: boolean;
  /** Already hashed by the caller (hashing stays outside the transaction). */
  passwordHash?: string;
}

/** API name → users column, for the plain fields. */
const COLUMNS = {
  username: 'username',
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  phone_number: 'phone_number',
  profile_image: 'profile_image',
  gender: 'gender',
  age: 'age',
  registration_redirect: 'registration_redirect',
  roll_number: 'roll_number',
  enabled: 'enabled',
  otpVerified: 'email_verified',
  active_role: 'active_role_id',
  passwordHash: 'password_hash',
} as const satisfies Partial<Record<keyof UserChanges, keyof typeof users.$inferInsert>>;

/** Body fields a request set (audit stamps and the ignored display_name do not count). */
export function changedFields(changes: Record<string, unknown>): string[] {
  const ignored = new Set(['created_by', 'modified_by', 'deleted_by', 'display_name']);
  return Object.keys(changes).filter((key) => changes[key] !== undefined && !ignored.has(key));
}

/** A taken email or username answers 409 naming the field, whichever path wrote it. */
export function conflictOf(error: unknown, path = ''): AppError | undefined {
  const pg = pgErrorOf(error);
  if (pg?.code !== PG_UNIQUE_VIOLATION) return undefined;
  const field = pg.constraint === 'users_email_key' ? 'email' : 'username';
  const message = field === 'email' ? USER_MESSAGES.emailTaken : USER_MESSAGES.usernameTaken;
  return new AppError('CONFLICT', 409, message, [{ in: 'body', path: `${path}${field}`, message }]);
}

/** 403 naming every field the caller may not change. */
export function assertMayChange(access: UserAccess, changes: Record<string, unknown>): void {
  const refused = refusedFields(access, changedFields(changes));
  if (refused.length > 0) {
    throw new AppError('FORBIDDEN', 403, `${USER_MESSAGES.adminOnlyFields} (${refused.join(', ')})`, [
      ...refused.map((field) => ({ in: 'body', path: field, message: USER_MESSAGES.adminOnlyFields })),
    ]);
  }
}

/**
 * Applies changes to one live user inside the caller's transaction: field rights, role scope, the
 * active role being one the user holds (spec section 4), a changed email needing a new verification,
 * and the end of the user's sessions when the account is disabled or its password replaced (the
 * caller's own current session survives a change of their own password). `path` prefixes field names in
 * errors (bulk items: `2.`).
 */
export async function applyUserChanges(
  tx: DbOrTx,
  actor: Actor,
  access: UserAccess,
  userId: number,
  changes: UserChanges,
  options: { path?: string; keepSession?: string | null } = {},
): Promise<void> {
  const path = options.path ?? '';
  assertMayChange(access, changes as Record<string, unknown>);
  if (userId === actor.userId && changes.enabled === false) {
    throw badRequest(USER_MESSAGES.notOwnDisable, [
      { in: 'body', path: `${path}enabled`, message: USER_MESSAGES.notOwnDisable },
    ]);
  }
  const [current] = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.user_id, userId), eq(users.is_deleted, false)))
    .for('update');
  if (!current) throw userNotFound();

  // Issue 14 item 2: an address takes effect only once a code mailed to it is entered
  // (/api/auth/requestEmailChange); only a platform administrator sets one directly, unverified.
  if (changes.email !== undefined && changes.email !== current.email && !access.platformAdmin) {
    throw badRequest(USER_MESSAGES.emailNeedsCode, [
      { in: 'body', path: `${path}email`, message: USER_MESSAGES.emailNeedsCode },
    ]);
  }
  if (changes.roles) {
    const { wanted, scopes } = await resolveRoleRefs(
      tx,
      actor,
      access,
      changes.roles,
      `${path}roles`,
      userId,
    );
    await replaceRoles(tx, actor.userId, userId, wanted, scopes);
  }
  if (changes.active_role !== undefined && changes.active_role !== null) {
    const held = (await loadHeldRoles(tx, [userId])).get(userId) ?? [];
    // A role-less user is shown with temp (section 4), so temp is theirs to pick.
    const holds =
      held.length === 0
        ? changes.active_role === TEMP_ROLE_ID
        : held.some((r) => r.role_id === changes.active_role);
    if (!holds) {
      throw badRequest(`${path}active_role: ${USER_MESSAGES.roleNotHeld}`, [
        { in: 'body', path: `${path}active_role`, message: USER_MESSAGES.roleNotHeld },
      ]);
    }
  }

  const set: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = changes[field as keyof UserChanges];
    if (value !== undefined) set[column] = value;
  }
  if (changes.email !== undefined && changes.email !== current.email && changes.otpVerified === undefined) {
    // otpVerified is the email-verified flag (spec section 3): a new address is not verified yet.
    set.email_verified = false;
  }
  if (Object.keys(set).length > 0 || changes.roles) {
    sessionCache.forgetUser(userId);
    try {
      await tx
        .update(users)
        .set({ ...set, modified_by: actor.userId, modified_at: sql`now()` })
        .where(eq(users.user_id, userId));
    } catch (error) {
      throw conflictOf(error, path) ?? error;
    }
  }
  if (changes.enabled === false || changes.roles) await assertKeepsPlatformAdmin(tx, [userId]);
  if (changes.enabled === false || changes.passwordHash !== undefined) {
    const keep = userId === actor.userId && changes.enabled !== false ? (options.keepSession ?? null) : null;
    await revokeOtherSessions(tx, userId, keep);
  }
}
