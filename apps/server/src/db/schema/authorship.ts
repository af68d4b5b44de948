import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { assessments } from './assessment';
import { users } from './identity';
import { programs } from './learning';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Co-authors of a program (issue 23, point 9): besides its owner (`programs.created_by`) and the
 * scope's administrators, they edit the program and everything in it. The row carries the program's
 * tenant, so row-level security keeps each tenant's list to itself (migration 0017).
 */
export const programAuthors = pgTable(
  'program_authors',
  {
    program_id: integer('program_id')
      .notNull()
      .references(() => programs.program_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    created_by: integer('created_by'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.program_id, t.user_id] }),
    index('program_authors_user_idx').on(t.user_id),
  ],
);

/** Co-authors of an assessment: the same rule as programs. */
export const assessmentAuthors = pgTable(
  'assessment_authors',
  {
    assessment_id: integer('assessment_id')
      .notNull()
      .references(() => assessments.assessment_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    tenant_id: integer('tenant_id').references(() => tenants.tenant_id),
    created_by: integer('created_by'),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessment_id, t.user_id] }),
    index('assessment_authors_user_idx').on(t.user_id),
  ],
);
