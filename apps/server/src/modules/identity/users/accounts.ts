import {
  AUTH_MESSAGES,
  type authUserCreateBody,
  MESSAGES,
  TEMP_ROLE_ID,
  USER_MESSAGES,
  type User,
  type userCreateBody,
} from '@nexus/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../../../auth/passwords';
import { sessionCache } from '../../../auth/session-cache';
import { revokeOtherSessions } from '../../../auth/sessions';
import { assertNotLocked, recordFailure } from '../../../auth/throttle';
import type { Database, DbOrTx, Tx } from '../../../db/client';
import { sessions, users } from '../../../db/schema';
import { inScope } from '../../../db/scope';
import { AppError, badRequest, forbidden } from '../../../http/app-error';
import { recordAudit } from '../../../http/audit';
import type { Actor } from '../../../http/policy';
import { assertKeepsPlatformAdmin } from './last-admin';
import { type UserAccess, userAccess } from './policy';
import { replaceRoles, resolveRoleRefs } from './roles';
import { loadHeldRoles, loadTempRole, loadUser, loadUsers, userNotFound } from './user-view';
import { conflictOf } from './write';

type NewAccount = z.output<typeof authUserCreateBody>;
type OwnRecord = z.output<typeof userCreateBody>;

/** A platform admin's full access to a user they are creating or administering. */
export function adminAccess(actor: Actor, userId: number): UserAccess {
  return userAccess(actor, userId, []) as UserAccess;
}

/**
 * The caller's own record after their lookup answered 404 (spec section 4): idempotent. Ensures the
 * temp role when they hold none and stores the registration redirect; names and roles are not taken
 * from this call (updateUser changes them), except that a request for the temp role is honoured.
 */
export async function ensureOwnRecord(database: Database, actor: Actor, body: OwnRecord): Promise<User> {
  const wantsOther = body.roles?.some((role) => role.role_id !== TEMP_ROLE_ID);
  if (wantsOther) throw forbidden(USER_MESSAGES.adminOnlyFields);
  const temp = await loadTempRole(database.db);
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ user_id: users.user_id })
      .from(users)
      .where(and(eq(users.user_id, actor.userId), eq(users.is_deleted, false)))
      .for('update');
    if (!row) throw userNotFound();
    const held = (await loadHeldRoles(tx, [actor.userId])).get(actor.userId) ?? [];
    const set: Record<string, unknown> = {};
    if (held.length === 0) {
      await replaceRoles(
        tx,
        actor.userId,
        actor.userId,
        [{ role_id: temp.role_id, tenant_id: null }],
        new Set(),
      );
      set.active_role_id = temp.role_id;
    }
    if (body.registration_redirect !== undefined) set.registration_redirect = body.registration_redirect;
    if (Object.keys(set).length > 0) {
      await tx
        .update(users)
        .set({ ...set, modified_by: actor.userId, modified_at: sql`now()` })
        .where(eq(users.user_id, actor.userId));
    }
  });
  return loadUser(database.db, actor.userId);
}

/** Two items of one bulk call naming the same email or username: a 400 naming the later one. */
function assertDistinct(inputs: readonly NewAccount[]): void {
  for (const field of ['email', 'username'] as const) {
    const seen = new Map<string, number>();
    inputs.forEach((input, index) => {
      const first = seen.get(input[field]);
      if (first !== undefined) {
        throw badRequest(`${index}.${field}: the same ${field} as item ${first}`, [
          { in: 'body', path: `${index}.${field}`, message: `the same ${field} as item ${first}` },
        ]);
      }
      seen.set(input[field], index);
    });
  }
}

/**
 * New accounts made by a platform admin, all or none (createAuthUser, createMany, profile createUser).
 * A password is hashed when given (else the person uses forgot-password); roles default to temp.
 */
export async function createAccounts(
  database: Database,
  actor: Actor,
  inputs: readonly NewAccount[],
  pathOf: (index: number) => string = (index) => `${index}.`,
): Promise<User[]> {
  assertDistinct(inputs);
  // Hashing stays outside the transaction and goes one at a time, through the bounded pool.
  const hashes: (string | null)[] = [];
  for (const input of inputs) hashes.push(input.password ? await hashPassword(input.password) : null);
  if (inputs.some((input) => !input.roles?.length)) await loadTempRole(database.db);
  const ids = await database.db.transaction(async (tx) => {
    const created: number[] = [];
    for (const [index, input] of inputs.entries()) {
      created.push(await insertAccount(tx as Tx, actor, input, hashes[index] ?? null, pathOf(index)));
    }
    return created;
  });
  return loadUsers(database.db, ids);
}

async function insertAccount(
  tx: Tx,
  actor: Actor,
  input: NewAccount,
  passwordHash: string | null,
  path: string,
): Promise<number> {
  let userId: number;
  try {
    const [row] = await tx
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        first_name: input.firstName ?? null,
        last_name: input.lastName ?? null,
        password_hash: passwordHash,
        enabled: input.enabled ?? true,
        email_verified: input.otpVerified ?? false,
        phone_number: input.phone_number ?? null,
        profile_image: input.profile_image ?? null,
        gender: input.gender ?? null,
        age: input.age ?? null,
        roll_number: input.roll_number ?? null,
        registration_redirect: input.registration_redirect ?? null,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ user_id: users.user_id });
    userId = row!.user_id;
  } catch (error) {
    throw conflictOf(error, path) ?? error;
  }
  const refs = input.roles?.length ? input.roles : [{ role_id: TEMP_ROLE_ID, tenant_id: null }];
  const { wanted, scopes } = await resolveRoleRefs(
    tx,
    actor,
    adminAccess(actor, userId),
    refs,
    `${path}roles`,
  );
  await replaceRoles(tx, actor.userId, userId, wanted, scopes);
  const active = input.active_role ?? wanted[0]?.role_id ?? null;
  if (input.active_role != null && !wanted.some((role) => role.role_id === input.active_role)) {
    throw badRequest(`${path}active_role: ${USER_MESSAGES.roleNotHeld}`, [
      { in: 'body', path: `${path}active_role`, message: USER_MESSAGES.roleNotHeld },
    ]);
  }
  await tx.update(users).set({ active_role_id: active }).where(eq(users.user_id, userId));
  return userId;
}

/** Ends every live session of these users (spec: disabling a user ends their sessions). */
export async function endSessions(db: DbOrTx, userIds: readonly number[]): Promise<number> {
  sessionCache.forgetUsers(userIds);
  const ended = await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(inArray(sessions.user_id, [...userIds]), isNull(sessions.revoked_at)))
    .returning({ id: sessions.session_id });
  return ended.length;
}

/** The username in a disable or enable path, trimmed and lower-cased; blank is a 400. */
function usernameParam(username: string, message: string): string {
  const wanted = username.trim().toLowerCase();
  if (!wanted) throw badRequest(message, [{ in: 'params', path: 'username', message }]);
  return wanted;
}

/** An account change is platform-wide: its audit event belongs to the main platform. */
function auditAccount(
  tx: Tx,
  actor: Actor,
  action: 'disable' | 'enable',
  row: { user_id: number; username: string },
) {
  return inScope(tx, 'main', (scoped) =>
    recordAudit(scoped, actor, {
      action,
      entity: 'users',
      ids: [row.user_id],
      tenantId: null,
      details: { label: row.username, fields: ['enabled'] },
    }),
  );
}

/** PUT profile/users/{username}/disable (spec sections 4, 5 and 7): disables and signs out everywhere. */
export async function disableByUsername(database: Database, actor: Actor, username: string) {
  const wanted = usernameParam(username, MESSAGES.usernameRequiredToDisable);
  return database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ enabled: false, modified_by: actor.userId, modified_at: sql`now()` })
      .where(
        and(
          eq(users.username, wanted),
          eq(users.is_deleted, false),
          sql`${users.user_id} <> ${actor.userId}`,
        ),
      )
      .returning({ user_id: users.user_id, username: users.username, enabled: users.enabled });
    if (!row) {
      const [own] = await tx
        .select({ user_id: users.user_id })
        .from(users)
        .where(and(eq(users.username, wanted), eq(users.user_id, actor.userId)));
      throw own ? badRequest(USER_MESSAGES.notOwnDisable) : userNotFound();
    }
    await assertKeepsPlatformAdmin(tx, [row.user_id]);
    const sessionsEnded = await endSessions(tx, [row.user_id]);
    await auditAccount(tx, actor, 'disable', row);
    return { ...row, sessions_ended: sessionsEnded };
  });
}

/**
 * PUT profile/users/{username}/enable (issue 23; the mirror of disable, not in the spec): the person
 * may sign in again. Their old sessions stay ended; enabling an enabled account changes nothing.
 */
export async function enableByUsername(database: Database, actor: Actor, username: string) {
  const wanted = usernameParam(username, USER_MESSAGES.usernameRequiredToEnable);
  return database.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ user_id: users.user_id, enabled: users.enabled })
      .from(users)
      .where(and(eq(users.username, wanted), eq(users.is_deleted, false)))
      .for('update');
    if (!before) throw userNotFound();
    const [row] = await tx
      .update(users)
      .set({ enabled: true, modified_by: actor.userId, modified_at: sql`now()` })
      .where(eq(users.user_id, before.user_id))
      .returning({ user_id: users.user_id, username: users.username, enabled: users.enabled });
    if (!before.enabled) await auditAccount(tx, actor, 'enable', row!);
    return row!;
  });
}

/** PUT api/auth/deleteMany: soft-deletes every listed user and ends their sessions, all or none. */
export async function deleteUsers(
  database: Database,
  actor: Actor,
  userIds: readonly number[],
): Promise<User[]> {
  const unique = [...new Set(userIds)];
  if (unique.includes(actor.userId)) {
    throw badRequest(USER_MESSAGES.notOwnDelete, [
      { in: 'body', path: 'user_ids', message: USER_MESSAGES.notOwnDelete },
    ]);
  }
  const before = await loadUsers(database.db, unique);
  await database.db.transaction(async (tx) => {
    const deleted = await tx
      .update(users)
      .set({
        is_deleted: true,
        deleted_by: actor.userId,
        deleted_at: sql`now()`,
        modified_by: actor.userId,
        modified_at: sql`now()`,
      })
      .where(and(inArray(users.user_id, unique), eq(users.is_deleted, false)))
      .returning({ user_id: users.user_id });
    if (deleted.length !== unique.length) {
      const found = new Set(deleted.map((row) => row.user_id));
      const missing = unique.filter((id) => !found.has(id));
      throw new AppError('NOT_FOUND', 404, `${MESSAGES.userNotFound}: ${missing.join(', ')}`, [
        { in: 'body', path: 'user_ids', message: `not found: ${missing.join(', ')}` },
      ]);
    }
    await assertKeepsPlatformAdmin(tx, unique);
    await endSessions(tx, unique);
  });
  return before;
}

/**
 * PUT profile/update-password: the caller's own password, proven by the current one. Shares the lock
 * of api/auth/updatePassword, so guessing cannot alternate between the two; ends the other sessions.
 */
export async function changeOwnPassword(
  database: Database,
  actor: Actor,
  body: { old_password: string; new_password: string },
  currentSession: string | null,
): Promise<{ message: string; sessions_ended: number }> {
  const lock = `password:${actor.userId}`;
  await assertNotLocked(database.db, lock);
  const [row] = await database.db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(and(eq(users.user_id, actor.userId), eq(users.is_deleted, false)));
  if (!(await verifyPassword(row?.password_hash, body.old_password))) {
    await recordFailure(database.db, lock);
    throw badRequest(AUTH_MESSAGES.passwordWrong, [
      { in: 'body', path: 'old_password', message: AUTH_MESSAGES.passwordWrong },
    ]);
  }
  const hash = await hashPassword(body.new_password);
  const ended = await database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: hash, modified_by: actor.userId, modified_at: sql`now()` })
      .where(eq(users.user_id, actor.userId));
    return revokeOtherSessions(tx, actor.userId, currentSession);
  });
  return { message: AUTH_MESSAGES.passwordChanged, sessions_ended: ended };
}
