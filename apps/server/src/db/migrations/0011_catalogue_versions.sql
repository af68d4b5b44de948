CREATE TABLE "catalogue_versions" (
	"scope_key" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- A scope's catalogue version (docs/learning.md, "Search"): any insert or delete of a program, and any
-- update that changes more than its content version, bumps the version of the program's scope (and of
-- its old scope when it moves) in the same transaction. Scopes are bumped in key order, so two writers
-- never wait on each other's counters crosswise.
CREATE FUNCTION catalogue_bump(keys integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalogue_versions (scope_key, version)
  SELECT DISTINCT k, 1 FROM unnest(keys) k ORDER BY k
  ON CONFLICT (scope_key) DO UPDATE SET version = catalogue_versions.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION programs_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_bump(array(SELECT coalesce(tenant_id, 0) FROM changed_new));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalogue_bump(array(SELECT coalesce(tenant_id, 0) FROM changed_old));
  ELSE
    -- A bump of the content version alone (a course, module or unit written) leaves the catalogue as it was.
    PERFORM catalogue_bump(array(
      SELECT unnest(ARRAY[coalesce(n.tenant_id, 0), coalesce(o.tenant_id, 0)])
      FROM changed_new n JOIN changed_old o ON o.program_id = n.program_id
      WHERE (to_jsonb(n) - 'content_version') IS DISTINCT FROM (to_jsonb(o) - 'content_version')));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER programs_catalogue_insert AFTER INSERT ON programs REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION programs_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER programs_catalogue_update AFTER UPDATE ON programs REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION programs_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER programs_catalogue_delete AFTER DELETE ON programs REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION programs_catalogue_changed();
