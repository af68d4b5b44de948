DROP INDEX "forum_posts_body_search_idx";--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', body), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search_vector") WITH (fastupdate=false) WHERE status = 'visible';--> statement-breakpoint
CREATE INDEX "forum_topics_community_idx" ON "forum_topics" USING btree ("community_id","pinned" DESC NULLS LAST,"last_activity_at" DESC NULLS LAST,"topic_id" DESC NULLS LAST) WHERE is_deleted = false;