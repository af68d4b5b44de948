import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Development outbox: mail kept here (and logged) when no SMTP_URL is set; never read in production. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    mail_id: serial('mail_id').primaryKey(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    meta: jsonb('meta'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to_address, t.created_at)],
);
