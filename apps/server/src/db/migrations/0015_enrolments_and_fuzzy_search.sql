-- Issue 23 point 5: an enrolment (and the progress under it) belongs to the program's scope, not to
-- the context the learner enrolled from. A platform program's enrolment is a platform row, found on
-- the main platform and inside every organisation; a tenant's program keeps its tenant's rows.
-- Rows written under the old rule (a platform program enrolled in from inside a tenant) move to the
-- program's scope. At most one live enrolment per learner and program exists (0013), so none collide.
SELECT set_config('app.tenant_id', '*', true);--> statement-breakpoint
UPDATE program_enrollments e SET tenant_id = p.tenant_id FROM programs p
  WHERE p.program_id = e.program_id AND e.tenant_id IS DISTINCT FROM p.tenant_id;--> statement-breakpoint
UPDATE unit_progress u SET tenant_id = p.tenant_id FROM programs p
  WHERE p.program_id = u.program_id AND u.tenant_id IS DISTINCT FROM p.tenant_id;--> statement-breakpoint
SELECT set_config('app.tenant_id', '', true);--> statement-breakpoint
-- Inside a tenant a learner reads and changes their own platform enrolments and progress, so these
-- two tables become shared like the catalogue: a tenant scope also reaches the platform's rows
-- (tenant_id null). Another tenant's rows stay out of reach; which platform rows a request may touch
-- (its caller's own only, unless a platform author) is decided by the application (resource-store
-- `ownPlatformRows`, progress.ts), as it is for the shared catalogue.
DROP POLICY tenant_scope_read ON program_enrollments;--> statement-breakpoint
DROP POLICY tenant_scope_insert ON program_enrollments;--> statement-breakpoint
DROP POLICY tenant_scope_update ON program_enrollments;--> statement-breakpoint
DROP POLICY tenant_scope_delete ON program_enrollments;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON program_enrollments FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON program_enrollments FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON program_enrollments FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()) OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL))
  WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()) OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON program_enrollments FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
DROP POLICY tenant_scope_read ON unit_progress;--> statement-breakpoint
DROP POLICY tenant_scope_insert ON unit_progress;--> statement-breakpoint
DROP POLICY tenant_scope_update ON unit_progress;--> statement-breakpoint
DROP POLICY tenant_scope_delete ON unit_progress;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON unit_progress FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON unit_progress FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON unit_progress FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()) OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL))
  WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()) OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON unit_progress FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint

-- Issue 23 point 2: typo-tolerant search of program names with pg_trgm (shipped with PostgreSQL's
-- contrib and as a PGlite extension, loaded in db/client.ts). Installed in `public` and named with
-- it, so schemas on another search path (tests) reach it too; several migrations racing to install
-- it (parallel test schemas) find it made by the first.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "program_search" ADD COLUMN "program_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE program_search s SET program_name = lower(p.program_name) FROM programs p WHERE p.program_id = s.program_id;--> statement-breakpoint
CREATE INDEX program_search_name_trgm_idx ON program_search USING gin (program_name public.gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION program_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO program_search (program_id, tenant_id, status, is_deleted, program_category, start_date, created_at, search_vector, program_name)
  VALUES (NEW.program_id, NEW.tenant_id, NEW.status, NEW.is_deleted, NEW.program_category, NEW.start_date, NEW.created_at,
    setweight(to_tsvector('simple', coalesce(NEW.program_name, '')), 'A')
    || setweight(to_tsvector('simple', coalesce(NEW.program_category, '')), 'B')
    || setweight(to_tsvector('simple', coalesce(NEW.description, '')), 'C'),
    lower(coalesce(NEW.program_name, '')))
  ON CONFLICT (program_id) DO UPDATE SET tenant_id = excluded.tenant_id, status = excluded.status,
    is_deleted = excluded.is_deleted, program_category = excluded.program_category, start_date = excluded.start_date,
    created_at = excluded.created_at, search_vector = excluded.search_vector, program_name = excluded.program_name;
  RETURN NEW;
END $$;
