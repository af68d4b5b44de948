ALTER TABLE "programs" ADD COLUMN "content_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A program's content version (docs/learning.md, "Complete program loading"): any write to the program
-- or to one of its courses, modules or units bumps it in the same transaction, so a cached complete
-- load is valid exactly while the version read with the program is the same. Statement-level triggers:
-- a bulk write of a thousand units bumps its program once, not a thousand times.
CREATE FUNCTION program_content_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.content_version := OLD.content_version + 1;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER programs_content_bump BEFORE UPDATE ON programs FOR EACH ROW EXECUTE FUNCTION program_content_bump();
--> statement-breakpoint
CREATE FUNCTION program_content_touch(program_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE programs SET content_version = content_version + 1 WHERE program_id = ANY (program_ids);
$$;--> statement-breakpoint
CREATE FUNCTION courses_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM program_content_touch(array(SELECT DISTINCT program_id FROM changed_new));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM program_content_touch(array(SELECT DISTINCT program_id FROM changed_old));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION modules_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM program_content_touch(array(SELECT DISTINCT c.program_id FROM changed_new m JOIN courses c ON c.course_id = m.course_id));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM program_content_touch(array(SELECT DISTINCT c.program_id FROM changed_old m JOIN courses c ON c.course_id = m.course_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION units_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM program_content_touch(array(SELECT DISTINCT c.program_id FROM changed_new u
      JOIN modules m ON m.module_id = u.module_id JOIN courses c ON c.course_id = m.course_id));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM program_content_touch(array(SELECT DISTINCT c.program_id FROM changed_old u
      JOIN modules m ON m.module_id = u.module_id JOIN courses c ON c.course_id = m.course_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER courses_content_insert AFTER INSERT ON courses REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION courses_content_changed();--> statement-breakpoint
CREATE TRIGGER courses_content_update AFTER UPDATE ON courses REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION courses_content_changed();--> statement-breakpoint
CREATE TRIGGER courses_content_delete AFTER DELETE ON courses REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION courses_content_changed();--> statement-breakpoint
CREATE TRIGGER modules_content_insert AFTER INSERT ON modules REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION modules_content_changed();--> statement-breakpoint
CREATE TRIGGER modules_content_update AFTER UPDATE ON modules REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION modules_content_changed();--> statement-breakpoint
CREATE TRIGGER modules_content_delete AFTER DELETE ON modules REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION modules_content_changed();--> statement-breakpoint
CREATE TRIGGER units_content_insert AFTER INSERT ON units REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION units_content_changed();--> statement-breakpoint
CREATE TRIGGER units_content_update AFTER UPDATE ON units REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION units_content_changed();--> statement-breakpoint
CREATE TRIGGER units_content_delete AFTER DELETE ON units REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION units_content_changed();
--> statement-breakpoint
-- The search index is rebuilt only when a column it holds is written, not on a content version bump.
DROP TRIGGER programs_search_sync ON programs;--> statement-breakpoint
CREATE TRIGGER programs_search_sync AFTER INSERT OR UPDATE OF tenant_id, program_name, description, program_category, status, start_date, created_at, is_deleted
  ON programs FOR EACH ROW EXECUTE FUNCTION program_search_sync();
