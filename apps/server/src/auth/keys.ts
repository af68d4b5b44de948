import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverKeys } from '../db/schema';

/**
 * A secret generated once and kept in the database, so every replica signs and checks with the same
 * key without a configuration variable. Cached per process: it never changes once written.
 */
export function serverSecret(database: Database, name: string): () => Promise<Buffer> {
  let cached: Promise<Buffer> | undefined;
  return () => {
    cached ??= (async () => {
      await database.db
        .insert(serverKeys)
        .values({ name, value: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await database.db.select().from(serverKeys).where(eq(serverKeys.name, name));
      return Buffer.from(row!.value, 'base64');
    })().catch((error) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}

/** A random token for cookies, refresh tokens and links: 32 bytes, base64url (43 characters). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a token: a leaked row cannot be replayed as a cookie. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
