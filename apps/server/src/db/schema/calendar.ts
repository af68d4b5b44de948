import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's personal iCal feed (issue 16, point 4). The address's token is never stored: it is an
 * HMAC of `nonce` under a server key, so the owner can see it again, a read of this table alone
 * cannot be turned into addresses, and a new nonce (a reset) retires the old address. `token_hash`
 * (SHA-256 of the token) finds the row for the public feed. Personal, not a tenant's: no tenant_id.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.user_id),
    nonce: text('nonce').notNull(),
    token_hash: text('token_hash').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
    last_fetched_at: at('last_fetched_at'),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.token_hash)],
);
