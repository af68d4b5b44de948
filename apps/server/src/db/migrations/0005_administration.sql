CREATE TABLE "audit_events" (
	"audit_id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"tenant_id" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_role_privileges" (
	"privilege_id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"privilege_menu_id" integer NOT NULL,
	"tenant_id" integer,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_users" (
	"table_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"parent_user_id" integer,
	"role_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"group_name" text,
	"tenant_id" integer,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privileges" (
	"privilege_id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"privilege_menu_id" integer NOT NULL,
	"tenant_id" integer,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_api_usage" (
	"tenant_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_subscriptions" (
	"subscription_id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"limits" jsonb DEFAULT '{"users":25,"storage_gb":5,"api_calls":100000}'::jsonb NOT NULL,
	"current_usage" jsonb DEFAULT '{"users":0,"storage_gb":0,"api_calls":0}'::jsonb NOT NULL,
	"usage_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"period_start" timestamp with time zone DEFAULT now() NOT NULL,
	"period_end" timestamp with time zone DEFAULT now() + interval '1 month' NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_role_privileges" ADD CONSTRAINT "custom_role_privileges_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_role_privileges" ADD CONSTRAINT "custom_role_privileges_privilege_menu_id_custom_menus_menu_id_fk" FOREIGN KEY ("privilege_menu_id") REFERENCES "public"."custom_menus"("menu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_role_privileges" ADD CONSTRAINT "custom_role_privileges_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_parent_user_id_users_user_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privileges" ADD CONSTRAINT "privileges_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privileges" ADD CONSTRAINT "privileges_privilege_menu_id_custom_menus_menu_id_fk" FOREIGN KEY ("privilege_menu_id") REFERENCES "public"."custom_menus"("menu_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privileges" ADD CONSTRAINT "privileges_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_api_usage" ADD CONSTRAINT "tenant_api_usage_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_subscriptions" ADD CONSTRAINT "tenant_subscriptions_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_tenant_idx" ON "audit_events" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_role_privileges_role_idx" ON "custom_role_privileges" USING btree ("role_id") WHERE "custom_role_privileges"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "custom_role_privileges_tenant_idx" ON "custom_role_privileges" USING btree ("tenant_id","privilege_id") WHERE "custom_role_privileges"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "group_users_user_idx" ON "group_users" USING btree ("user_id") WHERE "group_users"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "group_users_tenant_idx" ON "group_users" USING btree ("tenant_id","table_id") WHERE "group_users"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "privileges_role_idx" ON "privileges" USING btree ("role_id") WHERE "privileges"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "privileges_tenant_idx" ON "privileges" USING btree ("tenant_id","privilege_id") WHERE "privileges"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_api_usage_key" ON "tenant_api_usage" USING btree ("tenant_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_subscriptions_tenant_key" ON "tenant_subscriptions" USING btree ("tenant_id") WHERE "tenant_subscriptions"."is_deleted" = false;