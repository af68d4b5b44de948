import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../client';
import { userRoles, userSettings, users } from '../schema';
import { hashPassword } from './index';

/** The seeded system role of platform administrators (migration 0002). */
const PLATFORM_ADMIN_ROLE_ID = 1;

/** One lock name for every process starting on the same database, so only one creates the admin. */
const LOCK = sql`select pg_advisory_xact_lock(hashtext('nexus.first-platform-admin'))`;

export interface FirstAdminOptions {
  email: string;
  /** Undefined only in production with SEED_ADMIN_PASSWORD unset (config.ts). */
  password: string | undefined;
  log: (line: string) => void;
}

export type FirstAdminOutcome = 'created' | 'exists' | 'email-taken';

/** The start cannot go on: the message names what to set. */
export class FirstAdminError extends Error {
  override name = 'FirstAdminError';
}

export const FIRST_ADMIN_MESSAGES = {
  passwordUnset:
    'SEED_ADMIN_PASSWORD is not set: the database has no platform administrator yet, and NODE_ENV=production ' +
    'never uses the documented default password. Set SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD (8 to 200 ' +
    'characters) for this first start; later starts do not need them.',
} as const;

async function hasPlatformAdmin(db: Database['system'] | Tx): Promise<boolean> {
  const [row] = await db
    .select({ id: users.user_id })
    .from(users)
    .where(and(eq(users.is_platform_admin, true), eq(users.is_deleted, false)))
    .limit(1);
  return row !== undefined;
}

/**
 * Creates the platform administrator named by SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD when the
 * database has none, whatever SEED says (issue 13: a fresh server database had no way in), as
 * Keycloak's bootstrap admin and Directus's ADMIN_EMAIL do. Once any platform administrator exists it
 * does nothing, so a restart never resets a changed password. It never promotes an existing account
 * that holds the address: whoever registered it first would become the administrator.
 */
export async function ensureFirstAdmin(
  database: Database,
  options: FirstAdminOptions,
): Promise<FirstAdminOutcome> {
  const db = database.system;
  if (await hasPlatformAdmin(db)) return 'exists';
  if (options.password === undefined) throw new FirstAdminError(FIRST_ADMIN_MESSAGES.passwordUnset);
  const email = options.email.toLowerCase();
  // Hash outside the transaction: argon2 is deliberately slow and runs on the thread pool.
  const passwordHash = await hashPassword(options.password);
  const outcome = await db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    await tx.execute(LOCK);
    if (await hasPlatformAdmin(tx)) return 'exists' as const;
    const [holder] = await tx.select({ id: users.user_id }).from(users).where(eq(users.email, email));
    if (holder) return 'email-taken' as const;
    const [named] = await tx.select({ id: users.user_id }).from(users).where(eq(users.username, 'admin'));
    const [created] = await tx
      .insert(users)
      .values({
        username: named ? `admin_${randomBytes(3).toString('hex')}` : 'admin',
        email,
        first_name: 'Platform',
        last_name: 'Admin',
        password_hash: passwordHash,
        email_verified: true,
        is_platform_admin: true,
        active_role_id: PLATFORM_ADMIN_ROLE_ID,
      })
      .returning({ user_id: users.user_id });
    const userId = created!.user_id;
    await tx.insert(userRoles).values({ user_id: userId, role_id: PLATFORM_ADMIN_ROLE_ID, tenant_id: null });
    await tx.insert(userSettings).values({ user_id: userId, created_by: userId, modified_by: userId });
    return 'created' as const;
  });
  if (outcome === 'created') options.log(`first platform administrator created: ${email}`);
  if (outcome === 'email-taken') {
    options.log(
      `WARNING: no platform administrator exists and SEED_ADMIN_EMAIL ${email} belongs to an ordinary ` +
        'account, which is never promoted. Set SEED_ADMIN_EMAIL to an unused address and restart.',
    );
  }
  return outcome;
}
