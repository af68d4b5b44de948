CREATE TABLE "app_pins" (
	"user_id" integer NOT NULL,
	"path" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_pins_user_id_path_pk" PRIMARY KEY("user_id","path")
);
--> statement-breakpoint
CREATE TABLE "csr_interests" (
	"interest_id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "csr_projects" (
	"project_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cause" text NOT NULL,
	"budget_min" bigint NOT NULL,
	"budget_max" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"location" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "csr_projects_budget_check" CHECK (budget_min <= budget_max)
);
--> statement-breakpoint
CREATE TABLE "government_schemes" (
	"scheme_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"agency" text NOT NULL,
	"description" text NOT NULL,
	"eligibility" text NOT NULL,
	"how_to_apply" text[] NOT NULL,
	"link" text NOT NULL,
	"sectors" text[] NOT NULL,
	"deadline" date,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_opportunities" (
	"opportunity_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cause" text NOT NULL,
	"location" text NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "volunteer_shifts" (
	"shift_id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "volunteer_shifts_capacity_check" CHECK (capacity > 0),
	CONSTRAINT "volunteer_shifts_times_check" CHECK (ends_at > starts_at)
);
--> statement-breakpoint
CREATE TABLE "volunteer_signups" (
	"signup_id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'signed_up' NOT NULL,
	"hours" numeric(5, 2),
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_pins" ADD CONSTRAINT "app_pins_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csr_interests" ADD CONSTRAINT "csr_interests_project_id_csr_projects_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."csr_projects"("project_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csr_interests" ADD CONSTRAINT "csr_interests_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csr_interests" ADD CONSTRAINT "csr_interests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csr_projects" ADD CONSTRAINT "csr_projects_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_opportunities" ADD CONSTRAINT "volunteer_opportunities_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_opportunity_id_volunteer_opportunities_opportunity_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."volunteer_opportunities"("opportunity_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_shifts" ADD CONSTRAINT "volunteer_shifts_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_shift_id_volunteer_shifts_shift_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."volunteer_shifts"("shift_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_recorded_by_users_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "csr_interests_once_idx" ON "csr_interests" USING btree ("project_id","user_id");--> statement-breakpoint
CREATE INDEX "csr_projects_tenant_idx" ON "csr_projects" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "government_schemes_sectors_idx" ON "government_schemes" USING gin ("sectors");--> statement-breakpoint
CREATE INDEX "volunteer_opportunities_tenant_idx" ON "volunteer_opportunities" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "volunteer_shifts_opportunity_idx" ON "volunteer_shifts" USING btree ("opportunity_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_signups_once_idx" ON "volunteer_signups" USING btree ("shift_id","user_id");--> statement-breakpoint
CREATE INDEX "volunteer_signups_user_idx" ON "volunteer_signups" USING btree ("user_id","status");--> statement-breakpoint
-- Row-level security as hiring (0031): a tenant reads and changes its own rows. The board of
-- opportunities and projects, a volunteer's own shifts and a person's own interests span tenants, so they
-- read with the 'all' scope and name what the caller may see themselves (modules/services). app_pins
-- are a person's own rows and government_schemes platform-wide content: neither is a tenant's.
ALTER TABLE volunteer_opportunities ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE volunteer_opportunities FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON volunteer_opportunities FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON volunteer_opportunities FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON volunteer_opportunities FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON volunteer_opportunities FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE volunteer_shifts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE volunteer_shifts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON volunteer_shifts FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON volunteer_shifts FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON volunteer_shifts FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON volunteer_shifts FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE volunteer_signups ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE volunteer_signups FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON volunteer_signups FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON volunteer_signups FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON volunteer_signups FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON volunteer_signups FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE csr_projects ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE csr_projects FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON csr_projects FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON csr_projects FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON csr_projects FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON csr_projects FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE csr_interests ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE csr_interests FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON csr_interests FOR SELECT USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON csr_interests FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON csr_interests FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON csr_interests FOR DELETE USING ((SELECT app_scope_key()) = -1 OR tenant_id = (SELECT app_scope_key()));
