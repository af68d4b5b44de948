CREATE TABLE "hub_pages" (
	"hub_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"path" text NOT NULL,
	"group" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"published_by" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hub_pages" ADD CONSTRAINT "hub_pages_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_pages" ADD CONSTRAINT "hub_pages_published_by_users_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hub_pages" ADD CONSTRAINT "hub_pages_updated_by_users_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hub_pages_path_key" ON "hub_pages" USING btree (coalesce("tenant_id", 0),lower("path")) WHERE is_deleted = false;--> statement-breakpoint
-- Row-level security like resources (0032): a tenant reads its own hub pages and the platform's, and
-- changes only its own. Reads that span tenants (the seed) use the 'all' scope.
ALTER TABLE hub_pages ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE hub_pages FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON hub_pages FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON hub_pages FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON hub_pages FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON hub_pages FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));
