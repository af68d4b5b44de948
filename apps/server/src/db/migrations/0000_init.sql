CREATE TABLE "custom_menus" (
	"menu_id" serial PRIMARY KEY NOT NULL,
	"menu_name" text NOT NULL,
	"menu_parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"path" text,
	"icon" text,
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
CREATE TABLE "user_settings" (
	"user_setting_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer,
	"theme" text DEFAULT 'auto' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"push_notifications" boolean DEFAULT true NOT NULL,
	"profile_visibility" text DEFAULT 'public' NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"display_name" text NOT NULL,
	"role_view" text DEFAULT 'user' NOT NULL,
	"parent_user_id" integer,
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
CREATE TABLE "user_roles" (
	"user_role_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"tenant_id" integer,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_roles_user_role_tenant_key" UNIQUE NULLS NOT DISTINCT("user_id","role_id","tenant_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"password_hash" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone_number" text,
	"profile_image" text,
	"age" integer,
	"gender" text,
	"roll_number" text,
	"registration_redirect" text,
	"active_role_id" integer,
	"is_platform_admin" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"mail_id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"tenant_id" serial PRIMARY KEY NOT NULL,
	"tenant_type" text NOT NULL,
	"tenant_name" text NOT NULL,
	"created_by" integer,
	"modified_by" integer,
	"deleted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_menus" ADD CONSTRAINT "custom_menus_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_parent_user_id_users_user_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_menus_scope_id_idx" ON "custom_menus" USING btree ("tenant_id","menu_id") WHERE "custom_menus"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "custom_menus_scope_parent_sort_idx" ON "custom_menus" USING btree ("tenant_id","menu_parent_id","sort_order","menu_id") WHERE "custom_menus"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "custom_menus_scope_sort_idx" ON "custom_menus" USING btree ("tenant_id","sort_order","menu_id") WHERE "custom_menus"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "custom_menus_scope_name_idx" ON "custom_menus" USING btree ("tenant_id","menu_name") WHERE "custom_menus"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "custom_menus_scope_created_idx" ON "custom_menus" USING btree ("tenant_id","created_at") WHERE "custom_menus"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "custom_menus_scope_modified_idx" ON "custom_menus" USING btree ("tenant_id","modified_at") WHERE "custom_menus"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "user_settings_scope_id_idx" ON "user_settings" USING btree ("tenant_id","user_setting_id") WHERE "user_settings"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "user_settings_scope_user_idx" ON "user_settings" USING btree ("tenant_id","user_id","user_setting_id") WHERE "user_settings"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "user_settings_scope_theme_idx" ON "user_settings" USING btree ("tenant_id","theme","user_setting_id") WHERE "user_settings"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "user_settings_scope_language_idx" ON "user_settings" USING btree ("tenant_id","language","user_setting_id") WHERE "user_settings"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "user_settings_scope_created_idx" ON "user_settings" USING btree ("tenant_id","created_at") WHERE "user_settings"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "user_settings_scope_modified_idx" ON "user_settings" USING btree ("tenant_id","modified_at") WHERE "user_settings"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "roles_parent_user_idx" ON "roles" USING btree ("parent_user_id");--> statement-breakpoint
CREATE INDEX "roles_tenant_idx" ON "roles" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_system_name_key" ON "roles" USING btree ("role_name") WHERE "roles"."parent_user_id" is null and "roles"."tenant_id" is null;--> statement-breakpoint
CREATE INDEX "user_roles_tenant_idx" ON "user_roles" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_idx" ON "mail_outbox" USING btree ("to_address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_type_name_key" ON "tenants" USING btree ("tenant_type","tenant_name");--> statement-breakpoint
CREATE INDEX "tenants_created_at_idx" ON "tenants" USING btree ("created_at");