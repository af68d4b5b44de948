CREATE TABLE "community_posts" (
	"post_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"shared_by" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_posts_post_id_community_id_pk" PRIMARY KEY("post_id","community_id")
);
--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_post_id_posts_post_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("post_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_community_id_communities_community_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("community_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_posts" ADD CONSTRAINT "community_posts_shared_by_users_user_id_fk" FOREIGN KEY ("shared_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_posts_feed_idx" ON "community_posts" USING btree ("community_id","published_at" DESC NULLS LAST,"post_id" DESC NULLS LAST) WHERE published_at is not null;--> statement-breakpoint
-- A share carries its post's publish time so a community's posts are read newest first off the index
-- above; publishing (now, by the job or the sweep) changes posts only, and this keeps the copy.
CREATE FUNCTION "community_posts_published"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "community_posts" SET "published_at" = NEW."published_at" WHERE "post_id" = NEW."post_id";
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_published_to_communities" AFTER UPDATE OF "published_at" ON "posts"
	FOR EACH ROW WHEN (OLD."published_at" IS DISTINCT FROM NEW."published_at")
	EXECUTE FUNCTION "community_posts_published"();
