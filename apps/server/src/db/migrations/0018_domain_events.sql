CREATE TABLE "domain_event_deliveries" (
	"event_id" uuid NOT NULL,
	"handler" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_deliveries_event_id_handler_pk" PRIMARY KEY("event_id","handler")
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"tenant_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "domain_event_deliveries" ADD CONSTRAINT "domain_event_deliveries_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_due_idx" ON "domain_events" USING btree ("next_attempt_at") WHERE "domain_events"."status" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "domain_events_status_idx" ON "domain_events" USING btree ("status","occurred_at");--> statement-breakpoint
-- The outbox is a system table (docs/events.md). Any write may record an event about itself (some
-- writes, such as accepting an invitation, run before a tenant scope exists); only the all-tenants
-- scope (the dispatcher, the platform administrator's view through database.system) reads, updates or
-- deletes events and their deliveries.
ALTER TABLE domain_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE domain_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY outbox_insert ON domain_events FOR INSERT WITH CHECK (true);--> statement-breakpoint
CREATE POLICY outbox_system_read ON domain_events FOR SELECT USING ((SELECT app_scope_key()) = -1);--> statement-breakpoint
CREATE POLICY outbox_system_update ON domain_events FOR UPDATE USING ((SELECT app_scope_key()) = -1) WITH CHECK ((SELECT app_scope_key()) = -1);--> statement-breakpoint
CREATE POLICY outbox_system_delete ON domain_events FOR DELETE USING ((SELECT app_scope_key()) = -1);--> statement-breakpoint
ALTER TABLE domain_event_deliveries ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE domain_event_deliveries FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY deliveries_system ON domain_event_deliveries USING ((SELECT app_scope_key()) = -1) WITH CHECK ((SELECT app_scope_key()) = -1);
