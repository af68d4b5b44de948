CREATE TABLE "diary_entries" (
	"entry_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"user_id" integer NOT NULL,
	"entry_date" date NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"faq_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"category" text DEFAULT 'General' NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_policies" (
	"policy_id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"effective_date" date NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"published_by" integer,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_replies" (
	"reply_id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"tenant_id" integer,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"from_staff" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"request_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"requester_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diary_entries" ADD CONSTRAINT "diary_entries_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faqs" ADD CONSTRAINT "faqs_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_policies" ADD CONSTRAINT "privacy_policies_published_by_users_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_request_id_support_requests_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("request_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_requester_id_users_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diary_entries_owner_idx" ON "diary_entries" USING btree ("tenant_id","user_id","entry_date") WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "notes_owner_idx" ON "notes" USING btree ("tenant_id","user_id","modified_at") WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "faqs_tenant_idx" ON "faqs" USING btree ("tenant_id","category","position") WHERE is_deleted = false;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_policies_version_idx" ON "privacy_policies" USING btree ("version");--> statement-breakpoint
CREATE INDEX "support_replies_request_idx" ON "support_replies" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_tenant_idx" ON "support_requests" USING btree ("tenant_id","status","last_activity_at");--> statement-breakpoint
CREATE INDEX "support_requests_requester_idx" ON "support_requests" USING btree ("requester_id","last_activity_at");--> statement-breakpoint
-- Row-level security (issue 22): notes, diary entries and support threads stay inside the context
-- they were written in; FAQs read like events (0024): a tenant reads its own and the platform's,
-- and changes only its own. Privacy policies are the platform's alone and carry no tenant.
ALTER TABLE notes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE notes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON notes FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON notes FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON notes FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON notes FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE diary_entries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE diary_entries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON diary_entries FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON diary_entries FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON diary_entries FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON diary_entries FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE support_requests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE support_requests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON support_requests FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON support_requests FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON support_requests FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON support_requests FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE support_replies ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE support_replies FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON support_replies FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON support_replies FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON support_replies FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON support_replies FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE faqs ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE faqs FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON faqs FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON faqs FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON faqs FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON faqs FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));
