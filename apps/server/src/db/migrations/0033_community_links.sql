ALTER TABLE "events" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_community_id_communities_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("community_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_community_id_communities_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("community_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_community_idx" ON "events" USING btree ("community_id","starts_at") WHERE community_id is not null;--> statement-breakpoint
CREATE INDEX "competitions_community_idx" ON "competitions" USING btree ("community_id") WHERE community_id is not null;