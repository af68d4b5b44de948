CREATE TABLE "competition_conflicts" (
	"submission_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"tenant_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_conflicts_submission_id_judge_id_pk" PRIMARY KEY("submission_id","judge_id")
);
--> statement-breakpoint
CREATE TABLE "competition_criteria" (
	"criterion_id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"tenant_id" integer,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" integer NOT NULL,
	CONSTRAINT "competition_criteria_weight" CHECK (weight between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "competition_entries" (
	"entry_id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"tenant_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"captain_id" integer NOT NULL,
	"round_reached" integer DEFAULT 1 NOT NULL,
	"place" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_entry_members" (
	"entry_id" integer NOT NULL,
	"competition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"status" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_entry_members_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "competition_judges" (
	"competition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_judges_competition_id_user_id_pk" PRIMARY KEY("competition_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "competition_rounds" (
	"round_id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"tenant_id" integer,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"submission_deadline" timestamp with time zone NOT NULL,
	"advanced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "competition_scores" (
	"submission_id" integer NOT NULL,
	"judge_id" integer NOT NULL,
	"criterion_id" integer NOT NULL,
	"tenant_id" integer,
	"score" smallint NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competition_scores_submission_id_judge_id_criterion_id_pk" PRIMARY KEY("submission_id","judge_id","criterion_id"),
	CONSTRAINT "competition_scores_range" CHECK (score between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "competition_submissions" (
	"submission_id" serial PRIMARY KEY NOT NULL,
	"competition_id" integer NOT NULL,
	"round_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"tenant_id" integer,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"advanced" boolean DEFAULT false NOT NULL,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"competition_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"slug" text,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"prizes" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'platform' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"participation" text DEFAULT 'both' NOT NULL,
	"max_team_size" integer DEFAULT 5 NOT NULL,
	"leaderboard_public" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"winners_announced_at" timestamp with time zone,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
DROP INDEX "certificates_user_program_key";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "kind" text DEFAULT 'program' NOT NULL;--> statement-breakpoint
ALTER TABLE "competition_conflicts" ADD CONSTRAINT "competition_conflicts_submission_id_competition_submissions_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."competition_submissions"("submission_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_conflicts" ADD CONSTRAINT "competition_conflicts_judge_id_users_user_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_conflicts" ADD CONSTRAINT "competition_conflicts_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_criteria" ADD CONSTRAINT "competition_criteria_round_id_competition_rounds_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."competition_rounds"("round_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_criteria" ADD CONSTRAINT "competition_criteria_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_competition_id_competitions_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("competition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entries" ADD CONSTRAINT "competition_entries_captain_id_users_user_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entry_members" ADD CONSTRAINT "competition_entry_members_entry_id_competition_entries_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."competition_entries"("entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entry_members" ADD CONSTRAINT "competition_entry_members_competition_id_competitions_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("competition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entry_members" ADD CONSTRAINT "competition_entry_members_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_entry_members" ADD CONSTRAINT "competition_entry_members_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_judges" ADD CONSTRAINT "competition_judges_competition_id_competitions_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("competition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_judges" ADD CONSTRAINT "competition_judges_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_judges" ADD CONSTRAINT "competition_judges_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_rounds" ADD CONSTRAINT "competition_rounds_competition_id_competitions_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("competition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_rounds" ADD CONSTRAINT "competition_rounds_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_scores" ADD CONSTRAINT "competition_scores_submission_id_competition_submissions_submission_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."competition_submissions"("submission_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_scores" ADD CONSTRAINT "competition_scores_judge_id_users_user_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_scores" ADD CONSTRAINT "competition_scores_criterion_id_competition_criteria_criterion_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."competition_criteria"("criterion_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_scores" ADD CONSTRAINT "competition_scores_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_submissions" ADD CONSTRAINT "competition_submissions_competition_id_competitions_competition_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("competition_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_submissions" ADD CONSTRAINT "competition_submissions_round_id_competition_rounds_round_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."competition_rounds"("round_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_submissions" ADD CONSTRAINT "competition_submissions_entry_id_competition_entries_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."competition_entries"("entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_submissions" ADD CONSTRAINT "competition_submissions_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competition_criteria_round_idx" ON "competition_criteria" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "competition_entries_competition_idx" ON "competition_entries" USING btree ("competition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_entry_members_one_entry" ON "competition_entry_members" USING btree ("competition_id","user_id") WHERE status = 'member';--> statement-breakpoint
CREATE INDEX "competition_entry_members_user_idx" ON "competition_entry_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "competition_judges_user_idx" ON "competition_judges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_rounds_position_key" ON "competition_rounds" USING btree ("competition_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_submissions_entry_round_key" ON "competition_submissions" USING btree ("round_id","entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competitions_slug_key" ON "competitions" USING btree ("slug") WHERE slug is not null;--> statement-breakpoint
CREATE INDEX "competitions_tenant_idx" ON "competitions" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_program_key" ON "certificates" USING btree ("user_id","kind","program_id");