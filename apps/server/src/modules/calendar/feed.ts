import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hmac, sha256 } from '../../auth/keys';
import type { Database } from '../../db/client';
import { calendarFeeds } from '../../db/schema';

export type SecretSource = () => Promise<Buffer>;

/** The feed token of a nonce: 32 bytes of HMAC in base64url (43 characters, like other tokens). */
async function tokenOf(secret: SecretSource, userId: number, nonce: string): Promise<string> {
  const mac = hmac(await secret(), `calendar-feed:${userId}:${nonce}`);
  return Buffer.from(mac, 'hex').toString('base64url');
}

/** The user's feed token, creating the feed on first use. */
export async function feedToken(
  database: Database,
  secret: SecretSource,
  userId: number,
): Promise<{ token: string; created_at: Date }> {
  const [existing] = await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.user_id, userId));
  if (existing)
    return { token: await tokenOf(secret, userId, existing.nonce), created_at: existing.created_at };
  const nonce = randomBytes(16).toString('hex');
  const token = await tokenOf(secret, userId, nonce);
  await database.db
    .insert(calendarFeeds)
    .values({ user_id: userId, nonce, token_hash: sha256(token) })
    .onConflictDoNothing();
  // Two first calls at once: the row that won is the feed.
  const [row] = await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.user_id, userId));
  return { token: await tokenOf(secret, userId, row!.nonce), created_at: row!.created_at };
}

/** A new secret address; the old token no longer finds the feed. */
export async function resetFeedToken(
  database: Database,
  secret: SecretSource,
  userId: number,
): Promise<{ token: string; created_at: Date }> {
  const nonce = randomBytes(16).toString('hex');
  const token = await tokenOf(secret, userId, nonce);
  const [row] = await database.db
    .insert(calendarFeeds)
    .values({ user_id: userId, nonce, token_hash: sha256(token) })
    .onConflictDoUpdate({
      target: calendarFeeds.user_id,
      set: { nonce, token_hash: sha256(token), created_at: new Date(), last_fetched_at: null },
    })
    .returning();
  return { token, created_at: row!.created_at };
}

/** Whose feed the token opens, or null. Only the token's hash is compared, never the token. */
export async function feedOwner(database: Database, token: string): Promise<number | null> {
  const [row] = await database.db
    .update(calendarFeeds)
    .set({ last_fetched_at: new Date() })
    .where(eq(calendarFeeds.token_hash, sha256(token)))
    .returning({ user_id: calendarFeeds.user_id });
  return row?.user_id ?? null;
}

export async function hasFeed(database: Database, userId: number): Promise<boolean> {
  const [row] = await database.db
    .select({ user_id: calendarFeeds.user_id })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.user_id, userId));
  return row !== undefined;
}
