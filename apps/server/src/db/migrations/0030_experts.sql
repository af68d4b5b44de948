CREATE TABLE "expert_availability" (
	"availability_id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "expert_availability_weekday" CHECK ("expert_availability"."weekday" between 0 and 6),
	CONSTRAINT "expert_availability_minutes" CHECK ("expert_availability"."start_minute" >= 0 and "expert_availability"."end_minute" <= 1440 and "expert_availability"."start_minute" < "expert_availability"."end_minute")
);
--> statement-breakpoint
CREATE TABLE "expert_engagements" (
	"engagement_id" serial PRIMARY KEY NOT NULL,
	"expert_program_id" integer NOT NULL,
	"mentee_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_exceptions" (
	"exception_id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	CONSTRAINT "expert_exceptions_minutes" CHECK (("expert_exceptions"."start_minute" is null and "expert_exceptions"."end_minute" is null and "expert_exceptions"."kind" = 'off')
        or ("expert_exceptions"."start_minute" >= 0 and "expert_exceptions"."end_minute" <= 1440 and "expert_exceptions"."start_minute" < "expert_exceptions"."end_minute"))
);
--> statement-breakpoint
CREATE TABLE "expert_feedback" (
	"session_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_feedback_session_id_author_id_pk" PRIMARY KEY("session_id","author_id"),
	CONSTRAINT "expert_feedback_rating" CHECK ("expert_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "expert_files" (
	"engagement_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_files_engagement_id_file_id_pk" PRIMARY KEY("engagement_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "expert_notes" (
	"note_id" serial PRIMARY KEY NOT NULL,
	"engagement_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"headline" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"expertise" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"time_zone" text NOT NULL,
	"session_minutes" integer DEFAULT 60 NOT NULL,
	"buffer_minutes" integer DEFAULT 15 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"next_free_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_profiles_session_minutes" CHECK ("expert_profiles"."session_minutes" between 15 and 240),
	CONSTRAINT "expert_profiles_buffer_minutes" CHECK ("expert_profiles"."buffer_minutes" between 0 and 120)
);
--> statement-breakpoint
CREATE TABLE "expert_programs" (
	"expert_program_id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"session_count" integer NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_programs_session_count" CHECK ("expert_programs"."session_count" between 1 and 52)
);
--> statement-breakpoint
CREATE TABLE "expert_sessions" (
	"session_id" serial PRIMARY KEY NOT NULL,
	"expert_id" integer NOT NULL,
	"mentee_id" integer NOT NULL,
	"engagement_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "expert_sessions_order" CHECK ("expert_sessions"."starts_at" < "expert_sessions"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "expert_availability" ADD CONSTRAINT "expert_availability_expert_id_expert_profiles_user_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."expert_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_engagements" ADD CONSTRAINT "expert_engagements_expert_program_id_expert_programs_expert_program_id_fk" FOREIGN KEY ("expert_program_id") REFERENCES "public"."expert_programs"("expert_program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_engagements" ADD CONSTRAINT "expert_engagements_mentee_id_users_user_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_exceptions" ADD CONSTRAINT "expert_exceptions_expert_id_expert_profiles_user_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."expert_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_feedback" ADD CONSTRAINT "expert_feedback_session_id_expert_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."expert_sessions"("session_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_feedback" ADD CONSTRAINT "expert_feedback_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_files" ADD CONSTRAINT "expert_files_engagement_id_expert_engagements_engagement_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."expert_engagements"("engagement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_files" ADD CONSTRAINT "expert_files_file_id_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_files" ADD CONSTRAINT "expert_files_added_by_users_user_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_notes" ADD CONSTRAINT "expert_notes_engagement_id_expert_engagements_engagement_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."expert_engagements"("engagement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_notes" ADD CONSTRAINT "expert_notes_author_id_users_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD CONSTRAINT "expert_profiles_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_profiles" ADD CONSTRAINT "expert_profiles_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_programs" ADD CONSTRAINT "expert_programs_expert_id_expert_profiles_user_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."expert_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_sessions" ADD CONSTRAINT "expert_sessions_expert_id_expert_profiles_user_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."expert_profiles"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_sessions" ADD CONSTRAINT "expert_sessions_mentee_id_users_user_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_sessions" ADD CONSTRAINT "expert_sessions_engagement_id_expert_engagements_engagement_id_fk" FOREIGN KEY ("engagement_id") REFERENCES "public"."expert_engagements"("engagement_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_availability_expert_idx" ON "expert_availability" USING btree ("expert_id","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_engagements_pair_key" ON "expert_engagements" USING btree ("expert_program_id","mentee_id");--> statement-breakpoint
CREATE INDEX "expert_engagements_mentee_idx" ON "expert_engagements" USING btree ("mentee_id");--> statement-breakpoint
CREATE INDEX "expert_exceptions_expert_idx" ON "expert_exceptions" USING btree ("expert_id","day");--> statement-breakpoint
CREATE INDEX "expert_notes_engagement_idx" ON "expert_notes" USING btree ("engagement_id","created_at");--> statement-breakpoint
CREATE INDEX "expert_profiles_expertise_idx" ON "expert_profiles" USING gin ("expertise");--> statement-breakpoint
CREATE INDEX "expert_profiles_languages_idx" ON "expert_profiles" USING gin ("languages");--> statement-breakpoint
CREATE INDEX "expert_profiles_next_free_idx" ON "expert_profiles" USING btree ("next_free_at","user_id");--> statement-breakpoint
CREATE INDEX "expert_programs_expert_idx" ON "expert_programs" USING btree ("expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expert_sessions_slot_key" ON "expert_sessions" USING btree ("expert_id","starts_at") WHERE "expert_sessions"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "expert_sessions_expert_idx" ON "expert_sessions" USING btree ("expert_id","starts_at");--> statement-breakpoint
CREATE INDEX "expert_sessions_mentee_idx" ON "expert_sessions" USING btree ("mentee_id","starts_at");--> statement-breakpoint
CREATE INDEX "expert_sessions_engagement_idx" ON "expert_sessions" USING btree ("engagement_id");