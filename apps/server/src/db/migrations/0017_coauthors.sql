CREATE TABLE "assessment_authors" (
	"assessment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_authors_assessment_id_user_id_pk" PRIMARY KEY("assessment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "program_authors" (
	"program_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_authors_program_id_user_id_pk" PRIMARY KEY("program_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "assessment_authors" ADD CONSTRAINT "assessment_authors_assessment_id_assessments_assessment_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("assessment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_authors" ADD CONSTRAINT "assessment_authors_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_authors" ADD CONSTRAINT "assessment_authors_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_authors" ADD CONSTRAINT "program_authors_program_id_programs_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("program_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_authors" ADD CONSTRAINT "program_authors_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_authors" ADD CONSTRAINT "program_authors_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_authors_user_idx" ON "assessment_authors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "program_authors_user_idx" ON "program_authors" USING btree ("user_id");--> statement-breakpointALTER TABLE program_authors ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE program_authors FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON program_authors FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON program_authors FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON program_authors FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON program_authors FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE assessment_authors ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE assessment_authors FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON assessment_authors FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON assessment_authors FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON assessment_authors FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON assessment_authors FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));
