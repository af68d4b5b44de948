CREATE TABLE "application_reviews" (
	"application_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"ratings" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_reviews_application_id_reviewer_id_pk" PRIMARY KEY("application_id","reviewer_id")
);
--> statement-breakpoint
CREATE TABLE "center_reviewers" (
	"center_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "center_reviewers_center_id_user_id_pk" PRIMARY KEY("center_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "cohort_applications" (
	"application_id" serial PRIMARY KEY NOT NULL,
	"cohort_id" integer NOT NULL,
	"startup_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"pitch" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cohorts" (
	"cohort_id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"name" text NOT NULL,
	"programme" text DEFAULT '' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"capacity" integer,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "cohorts_window" CHECK ("cohorts"."closes_at" > "cohorts"."opens_at")
);
--> statement-breakpoint
CREATE TABLE "funding_applications" (
	"application_id" serial PRIMARY KEY NOT NULL,
	"call_id" integer NOT NULL,
	"startup_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"fundraising" jsonb NOT NULL,
	"stage" text DEFAULT 'new' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"rating" smallint,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funding_calls" (
	"call_id" serial PRIMARY KEY NOT NULL,
	"investor_id" integer NOT NULL,
	"title" text NOT NULL,
	"thesis" text DEFAULT '' NOT NULL,
	"sector" text NOT NULL,
	"stage" text NOT NULL,
	"ticket_min" integer NOT NULL,
	"ticket_max" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "funding_calls_ticket" CHECK ("funding_calls"."ticket_max" >= "funding_calls"."ticket_min")
);
--> statement-breakpoint
CREATE TABLE "innovation_centers" (
	"center_id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"tenant_id" integer,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"sectors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"investor_id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"thesis" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"sectors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_locations" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"sector" text,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_members" (
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'Collaborator' NOT NULL,
	"status" text NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"project_id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"startup_id" integer,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"sector" text NOT NULL,
	"status" text NOT NULL,
	"milestones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"needs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "startups" (
	"startup_id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sector" text NOT NULL,
	"stage" text NOT NULL,
	"country" text NOT NULL,
	"website" text,
	"team" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"funding_asked" integer,
	"traction" text DEFAULT '' NOT NULL,
	"deck_file_id" uuid,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_reviews" ADD CONSTRAINT "application_reviews_application_id_cohort_applications_application_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."cohort_applications"("application_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_reviews" ADD CONSTRAINT "application_reviews_reviewer_id_users_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_reviewers" ADD CONSTRAINT "center_reviewers_center_id_innovation_centers_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."innovation_centers"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_reviewers" ADD CONSTRAINT "center_reviewers_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_applications" ADD CONSTRAINT "cohort_applications_cohort_id_cohorts_cohort_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("cohort_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_applications" ADD CONSTRAINT "cohort_applications_startup_id_startups_startup_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("startup_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_applications" ADD CONSTRAINT "cohort_applications_applicant_id_users_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohorts" ADD CONSTRAINT "cohorts_center_id_innovation_centers_center_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."innovation_centers"("center_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_applications" ADD CONSTRAINT "funding_applications_call_id_funding_calls_call_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."funding_calls"("call_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_applications" ADD CONSTRAINT "funding_applications_startup_id_startups_startup_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("startup_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_applications" ADD CONSTRAINT "funding_applications_applicant_id_users_user_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_calls" ADD CONSTRAINT "funding_calls_investor_id_investors_investor_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("investor_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "innovation_centers" ADD CONSTRAINT "innovation_centers_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "innovation_centers" ADD CONSTRAINT "innovation_centers_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investors" ADD CONSTRAINT "investors_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_locations" ADD CONSTRAINT "organisation_locations_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_startup_id_startups_startup_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("startup_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "startups" ADD CONSTRAINT "startups_owner_id_users_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "center_reviewers_user_idx" ON "center_reviewers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_applications_once_key" ON "cohort_applications" USING btree ("cohort_id","startup_id");--> statement-breakpoint
CREATE INDEX "cohort_applications_startup_idx" ON "cohort_applications" USING btree ("startup_id");--> statement-breakpoint
CREATE INDEX "cohorts_center_idx" ON "cohorts" USING btree ("center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_applications_once_key" ON "funding_applications" USING btree ("call_id","startup_id");--> statement-breakpoint
CREATE INDEX "funding_applications_startup_idx" ON "funding_applications" USING btree ("startup_id");--> statement-breakpoint
CREATE INDEX "funding_calls_open_idx" ON "funding_calls" USING btree ("closes_at") WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "innovation_centers_owner_idx" ON "innovation_centers" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investors_owner_key" ON "investors" USING btree ("owner_id") WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "project_members_user_idx" ON "project_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "projects_list_idx" ON "projects" USING btree ("sector","status","project_id" DESC NULLS LAST) WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "startups_owner_idx" ON "startups" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "startups_filter_idx" ON "startups" USING btree ("sector","stage","startup_id" DESC NULLS LAST) WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "startups_sector_country_idx" ON "startups" USING btree ("sector","country","startup_id" DESC NULLS LAST) WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "startups_country_idx" ON "startups" USING btree ("country","startup_id" DESC NULLS LAST) WHERE is_deleted = false;--> statement-breakpoint
CREATE INDEX "startups_name_trgm_idx" ON "startups" USING gin (lower("name") public.gin_trgm_ops);