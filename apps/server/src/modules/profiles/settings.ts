import type { MySettings, UpdateMySettingsBody } from '@nexus/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { userSettings } from '../../db/schema';
import { inScope } from '../../db/scope';

/** Namespace of the advisory lock that serialises the first read of one user's settings. */
const SETTINGS_LOCK = 7_201;

const columns = {
  user_setting_id: userSettings.user_setting_id,
  profile_visibility: userSettings.profile_visibility,
  show_email: userSettings.show_email,
  show_phone: userSettings.show_phone,
  email_notifications: userSettings.email_notifications,
  push_notifications: userSettings.push_notifications,
  theme: userSettings.theme,
  language: userSettings.language,
};

/**
 * The user's main-platform settings row (tenant null). user_settings has no unique key on
 * (user, tenant), so when several exist the oldest one counts, here and in the profile queries.
 */
async function findMainSettings(db: DbOrTx, userId: number): Promise<MySettings | undefined> {
  const [row] = await db
    .select(columns)
    .from(userSettings)
    .where(
      and(
        eq(userSettings.user_id, userId),
        isNull(userSettings.tenant_id),
        eq(userSettings.is_deleted, false),
      ),
    )
    .orderBy(asc(userSettings.user_setting_id))
    .limit(1);
  return row;
}

/**
 * The caller's own settings, created with the defaults on first read. Two first reads at once take
 * an advisory lock per user, so exactly one row is created.
 */
export function getMySettings(db: DbOrTx, userId: number): Promise<MySettings> {
  // The main platform's settings row, whatever the caller's current tenant.
  return inScope(db, 'main', async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETTINGS_LOCK}, ${userId})`);
    const again = await findMainSettings(tx, userId);
    if (again) return again;
    const [created] = await tx
      .insert(userSettings)
      .values({ user_id: userId, tenant_id: null, created_by: userId, modified_by: userId })
      .returning(columns);
    return created!;
  });
}

/** Changes the caller's own main-platform settings; only the fields sent change. */
export async function updateMySettings(
  db: Db,
  userId: number,
  changes: UpdateMySettingsBody,
): Promise<MySettings> {
  return inScope(db, 'main', async (tx) => {
    const current = await getMySettings(tx, userId);
    const [row] = await tx
      .update(userSettings)
      .set({ ...changes, modified_by: userId, modified_at: sql`now()` })
      .where(eq(userSettings.user_setting_id, current.user_setting_id))
      .returning(columns);
    return row!;
  });
}
