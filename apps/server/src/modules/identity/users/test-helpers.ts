import { and, eq } from 'drizzle-orm';
import { createSession } from '../../../auth/sessions';
import type { Database } from '../../../db/client';
import { sessions, userRoles, users } from '../../../db/schema';

/** Grants a role to a user directly (main platform unless a tenant is given). */
export async function grant(
  database: Database,
  userId: number,
  roleId: number,
  tenantId: number | null = null,
) {
  await database.db.insert(userRoles).values({ user_id: userId, role_id: roleId, tenant_id: tenantId });
}

export async function liveRoles(database: Database, userId: number) {
  const rows = await database.db
    .select({ role_id: userRoles.role_id, tenant_id: userRoles.tenant_id })
    .from(userRoles)
    .where(and(eq(userRoles.user_id, userId), eq(userRoles.is_deleted, false)))
    .orderBy(userRoles.user_role_id);
  return rows;
}

export async function userRow(database: Database, userId: number) {
  const [row] = await database.db.select().from(users).where(eq(users.user_id, userId));
  return row!;
}

/** Opens `n` live sessions for a user, as sign-in would. */
export async function openSessions(database: Database, userId: number, n = 2) {
  const opened = [];
  for (let i = 0; i < n; i++) opened.push(await createSession(database.db, userId, {}));
  return opened;
}

export async function liveSessionCount(database: Database, userId: number) {
  const rows = await database.db.select().from(sessions).where(eq(sessions.user_id, userId));
  return rows.filter((row) => row.revoked_at === null).length;
}
