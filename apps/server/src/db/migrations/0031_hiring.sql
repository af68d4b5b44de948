CREATE TABLE "job_application_notes" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_applications" (
	"application_id" serial PRIMARY KEY NOT NULL,
	"posting_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"cv_file_id" uuid,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stage" text DEFAULT 'applied' NOT NULL,
	"decline_message" text,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_by" integer
);
--> statement-breakpoint
CREATE TABLE "job_postings" (
	"posting_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"job_type" text NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"city" text,
	"country" text NOT NULL,
	"description" text NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scorecard_attributes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description_text), 'B')) STORED,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "job_postings_place" CHECK ("job_postings"."remote" or "job_postings"."city" is not null)
);
--> statement-breakpoint
CREATE TABLE "job_scorecards" (
	"scorecard_id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"ratings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_application_id_job_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_application_notes" ADD CONSTRAINT "job_application_notes_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_posting_id_job_postings_posting_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."job_postings"("posting_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_applicant_id_users_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_cv_file_id_files_file_id_fk" FOREIGN KEY ("cv_file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_scorecards" ADD CONSTRAINT "job_scorecards_application_id_job_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_scorecards" ADD CONSTRAINT "job_scorecards_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_scorecards" ADD CONSTRAINT "job_scorecards_reviewer_id_users_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_application_notes_app_idx" ON "job_application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_person_key" ON "job_applications" USING btree ("posting_id","applicant_id");--> statement-breakpoint
CREATE INDEX "job_applications_applicant_idx" ON "job_applications" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "job_postings_listing_idx" ON "job_postings" USING btree ("posted_at" DESC NULLS LAST,"posting_id" DESC NULLS LAST) WHERE status = 'open' and is_deleted = false;--> statement-breakpoint
CREATE INDEX "job_postings_tenant_idx" ON "job_postings" USING btree ("tenant_id","posted_at");--> statement-breakpoint
CREATE INDEX "job_postings_search_idx" ON "job_postings" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "job_postings_closes_idx" ON "job_postings" USING btree ("closes_at") WHERE status = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "job_scorecards_reviewer_key" ON "job_scorecards" USING btree ("application_id","reviewer_id");--> statement-breakpoint
-- Row-level security as events (0024): a tenant reads and changes its own rows. The public search and
-- a person's applications span tenants, so they read with the 'all' scope and name what the caller may
-- see themselves (modules/hiring).
ALTER TABLE job_postings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE job_postings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON job_postings FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON job_postings FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON job_postings FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON job_postings FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE job_applications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE job_applications FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON job_applications FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON job_applications FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON job_applications FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON job_applications FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE job_application_notes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE job_application_notes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON job_application_notes FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON job_application_notes FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON job_application_notes FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON job_application_notes FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE job_scorecards ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE job_scorecards FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON job_scorecards FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON job_scorecards FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON job_scorecards FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON job_scorecards FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));
