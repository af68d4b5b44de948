-- Issue 19: a name word with filters read 268 index pages for 72 matches (2.2 ms; 10% of /readyz in
-- the bench) because the trigram indexes of startups kept a GIN pending list: every search scans
-- that list whole, and only VACUUM, autovacuum (the embedded database has none) or passing 4 MB
-- merges it. Startups are written rarely and searched on every directory view, so each write pays
-- the index insert instead (fastupdate off), as the other search indexes do (0027, 0031, 0032, 0042).
-- The combined index is rebuilt with the name first: GIN walks the keys in column order, and led by
-- the word's few matches rather than a stage's 25,000 it takes a fifth less time.
-- The name-only index stays: it is not partial, so ANALYZE keeps statistics of lower(name) from it,
-- and without them the planner takes a common word for a rare one (a word in every name: 0.2 ms
-- walking the newest startups with them, 300 ms through the trigram index without).
ALTER INDEX "startups_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('startups_name_trgm_idx'::regclass);--> statement-breakpoint
DROP INDEX "startups_facets_name_idx";--> statement-breakpoint
CREATE INDEX "startups_name_facets_idx" ON "startups" USING gin (lower("name") public.gin_trgm_ops,"sector","stage","country") WITH (fastupdate=false) WHERE is_deleted = false;
