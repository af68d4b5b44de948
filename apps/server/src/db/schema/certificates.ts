import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The platform's Ed25519 signing keys (issue 5, part 7). One is current (not retired); retired keys
 * stay published so the certificates they signed keep verifying.
 */
export const signingKeys = pgTable('signing_keys', {
  key_id: serial('key_id').primaryKey(),
  /** `z6Mk...`: the multikey form, also the did:key of the verification method. */
  public_key_multibase: text('public_key_multibase').notNull().unique(),
  /** PKCS#8 PEM; never leaves the server. */
  private_key_pem: text('private_key_pem').notNull(),
  created_at: at('created_at').notNull().defaultNow(),
  retired_at: at('retired_at'),
});

/**
 * Issued certificates: the signed credential as issued, and the address part that names it
 * (`/certification/{user_id}/{public_key}`, public_key = the proof's signature value).
 */
export const certificates = pgTable(
  'certificates',
  {
    certificate_id: serial('certificate_id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    /**
     * What the certificate attests: a completed learning program (`program`), or a place among the
     * winners of a competition (`competition`); `program_id` holds that subject's id.
     */
    kind: text('kind').notNull().default('program'),
    program_id: integer('program_id').notNull(),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    public_key: text('public_key').notNull(),
    credential: jsonb('credential').notNull(),
    issued_at: at('issued_at').notNull().defaultNow(),
    revoked_at: at('revoked_at'),
    revoked_by: integer('revoked_by'),
    revocation_reason: text('revocation_reason'),
  },
  (t) => [
    uniqueIndex('certificates_public_key_key').on(t.public_key),
    uniqueIndex('certificates_user_program_key').on(t.user_id, t.kind, t.program_id),
    index('certificates_tenant_idx').on(t.tenant_id),
  ],
);
