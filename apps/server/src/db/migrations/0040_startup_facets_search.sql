-- Issue 19: a name word with a sector, stage or country filter. The trigram index alone hands every
-- startup named with the word to the heap to test the filters (1,000 heap pages for a word in 1% of
-- 100,000 startups, 7.4 ms); with the filters' columns in the same GIN index (btree_gin, shipped with
-- PostgreSQL's contrib and as a PGlite extension loaded in db/client.ts) the index intersects them
-- first (0.6 ms). Installed in `public` as pg_trgm is (migration 0015).
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS btree_gin SCHEMA public;
EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX "startups_facets_name_idx" ON "startups" USING gin ("sector","stage","country",lower("name") public.gin_trgm_ops) WHERE is_deleted = false;
