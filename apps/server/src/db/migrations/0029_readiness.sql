CREATE TABLE "readiness_evidence" (
	"evidence_id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readiness_instruments" (
	"journey" text PRIMARY KEY NOT NULL,
	"assessment_id" integer NOT NULL,
	"questions" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readiness_results" (
	"result_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"journey" text NOT NULL,
	"assessment_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"levels" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "readiness_reviews" (
	"review_id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"reviewer_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reviewed_level" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "readiness_reviews_level" CHECK ("readiness_reviews"."reviewed_level" is null or "readiness_reviews"."reviewed_level" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "stat_modules" (
	"module_id" serial PRIMARY KEY NOT NULL,
	"module_name" text NOT NULL,
	"phase_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "stat_modules_phase" CHECK ("stat_modules"."phase_id" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "stat_scores" (
	"table_id" serial PRIMARY KEY NOT NULL,
	"stat_id" integer NOT NULL,
	"time_period" text NOT NULL,
	"score_value" double precision NOT NULL,
	"score_unit" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stats" (
	"stat_id" serial PRIMARY KEY NOT NULL,
	"stat_name" text NOT NULL,
	"module_id" integer NOT NULL,
	"parent_stat_id" integer,
	"category" text NOT NULL,
	CONSTRAINT "stats_category" CHECK ("stats"."category" in ('Overall Achievements', 'Need Expert Support'))
);
--> statement-breakpoint
ALTER TABLE "readiness_evidence" ADD CONSTRAINT "readiness_evidence_result_id_readiness_results_result_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."readiness_results"("result_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_evidence" ADD CONSTRAINT "readiness_evidence_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_instruments" ADD CONSTRAINT "readiness_instruments_assessment_id_assessments_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("assessment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_results" ADD CONSTRAINT "readiness_results_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_results" ADD CONSTRAINT "readiness_results_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_results" ADD CONSTRAINT "readiness_results_assessment_id_assessments_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("assessment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_reviews" ADD CONSTRAINT "readiness_reviews_result_id_readiness_results_result_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."readiness_results"("result_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readiness_reviews" ADD CONSTRAINT "readiness_reviews_reviewer_id_users_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_modules" ADD CONSTRAINT "stat_modules_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_scores" ADD CONSTRAINT "stat_scores_stat_id_stats_stat_id_fk" FOREIGN KEY ("stat_id") REFERENCES "public"."stats"("stat_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stats" ADD CONSTRAINT "stats_module_id_stat_modules_module_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."stat_modules"("module_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "readiness_evidence_result_idx" ON "readiness_evidence" USING btree ("result_id");--> statement-breakpoint
CREATE UNIQUE INDEX "readiness_evidence_file_idx" ON "readiness_evidence" USING btree ("result_id","dimension","file_id");--> statement-breakpoint
CREATE INDEX "readiness_results_user_idx" ON "readiness_results" USING btree ("user_id","journey","created_at");--> statement-breakpoint
CREATE INDEX "readiness_reviews_reviewer_idx" ON "readiness_reviews" USING btree ("reviewer_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "readiness_reviews_open_idx" ON "readiness_reviews" USING btree ("result_id","dimension") WHERE "readiness_reviews"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "stat_modules_user_name_idx" ON "stat_modules" USING btree ("user_id","module_name");--> statement-breakpoint
CREATE UNIQUE INDEX "stat_scores_period_idx" ON "stat_scores" USING btree ("stat_id","time_period");--> statement-breakpoint
CREATE UNIQUE INDEX "stats_module_name_idx" ON "stats" USING btree ("module_id","stat_name");