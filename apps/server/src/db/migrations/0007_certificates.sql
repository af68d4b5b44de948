CREATE TABLE "certificates" (
	"certificate_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"tenant_id" integer,
	"public_key" text NOT NULL,
	"credential" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"revocation_reason" text
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"key_id" serial PRIMARY KEY NOT NULL,
	"public_key_multibase" text NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "signing_keys_public_key_multibase_unique" UNIQUE("public_key_multibase")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_tenant_id_tenants_tenant_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("tenant_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_public_key_key" ON "certificates" USING btree ("public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_program_key" ON "certificates" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE INDEX "certificates_tenant_idx" ON "certificates" USING btree ("tenant_id");