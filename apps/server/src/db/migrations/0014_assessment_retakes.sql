ALTER TABLE "assessment_responses" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD COLUMN "extra_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_responses" ADD COLUMN "attempt_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "max_attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "retake_wait_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "scoring" text DEFAULT 'best' NOT NULL;--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "show_correct_answers" boolean DEFAULT false NOT NULL;