import {
  ERROR_CODES,
  NON_REGISTRABLE_ROLES,
  REGISTRATION_MESSAGES,
  REGISTRATION_SCHEMAS,
  type RegistrationForm,
  type RegistrationRecord,
  type RegistrationSubmitResult,
  registrationTypeOf,
} from '@nexus/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { registrations, roles, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/app-error';
import { dropTempRole, grantRole } from '../access';
import { loadUser } from '../identity/users';

/** A role type the server knows: which form it fills and which system role it grants. */
export interface RegistrationTarget {
  roleType: string;
  roleId: number;
  form: RegistrationForm;
}

const ROLE_NAME = /^[a-z][a-z0-9-]{1,39}$/;

/**
 * Resolves a path's role_type: the registration types of spec section 6 with their seeded roles,
 * else the generic form for any other main-platform user role of that name; anything else is a 404.
 */
export async function resolveTarget(db: DbOrTx, roleType: string): Promise<RegistrationTarget> {
  const known = registrationTypeOf(roleType);
  if (known) return { roleType, roleId: known.roleId, form: known.form };
  if (!ROLE_NAME.test(roleType) || NON_REGISTRABLE_ROLES.includes(roleType)) {
    throw notFound(REGISTRATION_MESSAGES.unknownType);
  }
  const [role] = await db
    .select({ role_id: roles.role_id })
    .from(roles)
    .where(
      and(
        eq(roles.role_name, roleType),
        isNull(roles.parent_user_id),
        isNull(roles.tenant_id),
        eq(roles.role_view, 'user'),
        eq(roles.is_deleted, false),
      ),
    );
  if (!role) throw notFound(REGISTRATION_MESSAGES.unknownType);
  return { roleType, roleId: role.role_id, form: 'generic' };
}

/** Parses a form body; a failure is a 400 whose details name every field at fault. */
function parseForm(schema: z.ZodType, body: unknown): Record<string, unknown> {
  const result = schema.safeParse(body);
  if (result.success) return result.data as Record<string, unknown>;
  const details = result.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ in: 'body', path: key, message: `Unknown field '${key}'.` }))
      : [{ in: 'body', path: issue.path.join('.'), message: issue.message }],
  );
  const named = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
  throw badRequest(`Invalid body: ${named}`, details);
}

type Row = typeof registrations.$inferSelect;

function toRecord(row: Row): RegistrationRecord {
  return {
    registration_id: row.registration_id,
    user_id: row.user_id,
    role_type: row.role_type,
    status: row.status,
    data: row.data as Record<string, unknown>,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at.toISOString(),
  };
}

const live = sql`${registrations.is_deleted} = false`;

/**
 * The caller's own form for a role type; null when they have saved none. Not a 404: every form opens
 * with this read, and a first visit is the normal case, not a failed request (issue 23).
 */
export async function getRegistration(
  db: DbOrTx,
  userId: number,
  roleType: string,
): Promise<RegistrationRecord | null> {
  const target = await resolveTarget(db, roleType);
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.user_id, userId), eq(registrations.role_type, target.roleType), live));
  return row ? toRecord(row) : null;
}

/**
 * Stores any subset of the form's fields as the caller's draft, in one statement. A form already
 * submitted is not turned back into a draft (409): the role it granted stays, so only submit changes it.
 */
export async function saveDraft(
  db: DbOrTx,
  userId: number,
  roleType: string,
  body: unknown,
): Promise<RegistrationRecord> {
  const target = await resolveTarget(db, roleType);
  const data = parseForm(REGISTRATION_SCHEMAS[target.form].draft, body);
  const [row] = await db
    .insert(registrations)
    .values({ user_id: userId, role_type: target.roleType, data, created_by: userId, modified_by: userId })
    .onConflictDoUpdate({
      target: [registrations.user_id, registrations.role_type],
      targetWhere: live,
      set: { data, modified_by: userId, modified_at: sql`now()` },
      setWhere: sql`${registrations.status} = 'draft'`,
    })
    .returning();
  if (!row) throw new AppError(ERROR_CODES.conflict, 409, REGISTRATION_MESSAGES.alreadySubmitted);
  return toRecord(row);
}

/**
 * Submits the complete form and, in one transaction, gives the caller its role on the main platform,
 * drops the temp role and makes the new role active (spec section 4 landing). Submitting again
 * updates the form and grants nothing twice.
 */
export async function submitRegistration(
  db: Db,
  userId: number,
  roleType: string,
  body: unknown,
): Promise<RegistrationSubmitResult> {
  const target = await resolveTarget(db, roleType);
  const data = parseForm(REGISTRATION_SCHEMAS[target.form].full, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registrations)
      .values({
        user_id: userId,
        role_type: target.roleType,
        status: 'submitted',
        data,
        submitted_at: sql`now()`,
        created_by: userId,
        modified_by: userId,
      })
      .onConflictDoUpdate({
        target: [registrations.user_id, registrations.role_type],
        targetWhere: live,
        set: {
          status: 'submitted',
          data,
          submitted_at: sql`coalesce(${registrations.submitted_at}, now())`,
          modified_by: userId,
          modified_at: sql`now()`,
        },
      })
      .returning();
    // Registration grants the caller the user-view role of the form they filled in, on the main
    // platform only (registration targets are user roles), through the one grant function.
    await grantRole(tx, { userId, roleId: target.roleId, tenantId: null, grantedBy: userId });
    await dropTempRole(tx, userId);
    await tx
      .update(users)
      .set({
        active_role_id: target.roleId,
        registration_redirect: null,
        modified_by: userId,
        modified_at: sql`now()`,
      })
      .where(eq(users.user_id, userId));
    const view = await loadUser(tx, userId);
    if (!row || !view) throw notFound('User not found');
    return {
      registration: toRecord(row),
      user: { roles: view.roles ?? [], active_role: view.active_role ?? null },
    };
  });
}
