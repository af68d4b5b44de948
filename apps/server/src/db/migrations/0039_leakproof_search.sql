-- Row-level security keeps a non-leakproof operator away from the index scan: PostgreSQL must check the
-- tenant policy on a row before such an operator sees it, so `search_vector @@ query`, `ilike` (the
-- trigram indexes), `lower(...)` of an expression index and the array operators of tag and skill
-- filters read the whole table (job search by a word over 100,000 postings: 52 ms as the application
-- role, 4.8 ms with the text index). These built-in functions raise no error and write nothing that
-- depends on the row they read, so declaring them leakproof reveals nothing a policy hides.
-- Only a superuser may declare it; elsewhere the migration changes nothing and docs/operations.md
-- gives the statements for an administrator to run once.
DO $$
DECLARE
  fn text;
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    RAISE NOTICE 'not a superuser: search operators stay non-leakproof (docs/operations.md)';
    RETURN;
  END IF;
  -- The catalogue is shared by every schema of the database: migrations of several schemas at once
  -- (parallel test files) take turns here, and a function already declared is left alone.
  PERFORM pg_advisory_xact_lock(hashtext('nexus.leakproof_search'));
  FOREACH fn IN ARRAY ARRAY[
    'ts_match_vq(tsvector, tsquery)',
    'texticlike(text, text)',
    'textlike(text, text)',
    'lower(text)',
    'arrayoverlap(anyarray, anyarray)',
    'arraycontains(anyarray, anyarray)'
  ] LOOP
    IF NOT (SELECT proleakproof FROM pg_proc WHERE oid = fn::regprocedure) THEN
      EXECUTE format('ALTER FUNCTION %s LEAKPROOF', fn);
    END IF;
  END LOOP;
  -- pg_trgm's operators behind `%`, `<%` and `%>` (typo-tolerant name search), where it is installed.
  FOR fn IN
    SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_depend d ON d.objid = p.oid
      JOIN pg_extension x ON x.oid = d.refobjid AND x.extname = 'pg_trgm'
    WHERE p.proname IN ('similarity_op', 'word_similarity_op', 'word_similarity_commutator_op',
      'strict_word_similarity_op', 'strict_word_similarity_commutator_op') AND NOT p.proleakproof
  LOOP
    EXECUTE format('ALTER FUNCTION %s LEAKPROOF', fn);
  END LOOP;
END $$;
