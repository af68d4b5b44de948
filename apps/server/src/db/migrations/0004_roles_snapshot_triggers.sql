-- users.roles_snapshot mirrors the user's live roles in the shape the request actor needs, so the
-- session lookup of every signed-in request reads one row instead of aggregating a join. Triggers keep
-- it true for every writer (services, seeds, admin SQL), inside the writer's own transaction.
CREATE OR REPLACE FUNCTION refresh_user_roles_snapshot(target integer) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET roles_snapshot = coalesce((
    SELECT jsonb_agg(jsonb_build_object('roleId', r.role_id, 'roleName', r.role_name,
             'roleView', r.role_view, 'tenantId', ur.tenant_id) ORDER BY ur.user_role_id)
    FROM user_roles ur JOIN roles r ON r.role_id = ur.role_id
    WHERE ur.user_id = target AND ur.is_deleted = false AND r.is_deleted = false), '[]'::jsonb)
  WHERE user_id = target;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_roles_snapshot_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM refresh_user_roles_snapshot(OLD.user_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id
      OR NEW IS DISTINCT FROM OLD) THEN
    PERFORM refresh_user_roles_snapshot(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER user_roles_snapshot AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION user_roles_snapshot_trigger();--> statement-breakpoint
CREATE OR REPLACE FUNCTION roles_snapshot_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_user_roles_snapshot(ur.user_id) FROM (SELECT DISTINCT user_id FROM user_roles WHERE role_id = NEW.role_id) ur;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER roles_snapshot AFTER UPDATE OF role_name, role_view, is_deleted ON roles
  FOR EACH ROW EXECUTE FUNCTION roles_snapshot_trigger();--> statement-breakpoint
SELECT refresh_user_roles_snapshot(user_id) FROM users;
