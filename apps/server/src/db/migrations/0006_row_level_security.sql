-- Row-level security behind the application's tenant scoping (issue 4, point 8). Every statement on a
-- tenant-scoped table runs with `app.tenant_id` set for its own transaction (db/scope.ts): a tenant id,
-- 'main' for the main platform (rows with tenant_id null), or '*' for the few system paths that work
-- across tenants. A statement that forgets to set it sees and changes nothing.
-- The scope as a number: -1 every tenant, 0 the main platform, a tenant id, or null (unset). The
-- policies read it through scalar sub-selects, which PostgreSQL evaluates once per statement, so the
-- per-row check is two integer comparisons.
CREATE OR REPLACE FUNCTION app_scope_key() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE coalesce(current_setting('app.tenant_id', true), '')
    WHEN '' THEN NULL
    WHEN '*' THEN -1
    WHEN 'main' THEN 0
    ELSE current_setting('app.tenant_id', true)::integer
  END
$$;--> statement-breakpoint

-- Tables only their own scope reads and writes.
ALTER TABLE custom_role_privileges ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE custom_role_privileges FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope ON custom_role_privileges
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE group_users ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE group_users FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope ON group_users
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE tenant_subscriptions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE tenant_subscriptions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope ON tenant_subscriptions
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE audit_events FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope ON audit_events
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint

-- Shared tables: a tenant also reads the platform's rows (menus, system role privileges, a user's
-- main-platform settings), but changes only its own.
ALTER TABLE custom_menus ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE custom_menus FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON custom_menus FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON custom_menus FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON custom_menus FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON custom_menus FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE privileges ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE privileges FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON privileges FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON privileges FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON privileges FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON privileges FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
ALTER TABLE user_settings ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE user_settings FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_scope_read ON user_settings FOR SELECT USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())
    OR (tenant_id IS NULL AND (SELECT app_scope_key()) IS NOT NULL));--> statement-breakpoint
CREATE POLICY tenant_scope_insert ON user_settings FOR INSERT WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_update ON user_settings FOR UPDATE
  USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key())) WITH CHECK ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));--> statement-breakpoint
CREATE POLICY tenant_scope_delete ON user_settings FOR DELETE USING ((SELECT app_scope_key()) = -1 OR coalesce(tenant_id, 0) = (SELECT app_scope_key()));
