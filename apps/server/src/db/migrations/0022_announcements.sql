CREATE TABLE "announcement_reads" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_reads_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"announcement_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"role_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"published_by" integer,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("announcement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_published_by_users_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_feed_idx" ON "announcements" USING btree ("tenant_id","pinned","published_at") WHERE status = 'published' and is_deleted = false;--> statement-breakpoint
-- Row-level security like files (0019): a tenant reads its own announcements and the platform's, and
-- changes only its own. A reader's feed spans the platform and every tenant they belong to, so it
-- reads with the 'all' scope and names the audience itself (modules/announcements/audience.ts).
ALTER TABLE announcements ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE announcements FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON announcements FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON announcements FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON announcements FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON announcements FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));
