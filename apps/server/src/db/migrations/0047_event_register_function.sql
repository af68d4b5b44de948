-- Issue 17: a registration takes a seat under the event row's lock, and every registration to one
-- event waits for the one before it to commit. Done as statements of a client transaction, the lock
-- was held across client round trips (the registration's own insert, its outbox event, the waiting
-- position, then COMMIT), each as slow as the busy server process answering: 5% of /readyz with a
-- p99 of 370 ms in the bench. As one function called outside a transaction, the seat, the
-- registration and its outbox event are one statement that commits on its own, so the lock lasts as
-- long as PostgreSQL's work alone. It runs as the caller (row-level security applies) in the scope
-- it is given, set first for the statement's transaction. A second live registration of the person
-- fails the unique index and the whole statement, seat included, rolls back.
CREATE OR REPLACE FUNCTION nexus_event_register(
  p_scope text,
  p_event_id integer,
  p_tenant_id integer,
  p_user_id integer,
  p_answers jsonb,
  p_ticket_code text,
  p_requires_approval boolean,
  p_outbox_id uuid,
  p_confirmed_version integer,
  p_waiting_version integer
) RETURNS SETOF event_registrations
LANGUAGE plpgsql AS $fn$
DECLARE
  seated boolean;
  reg event_registrations;
BEGIN
  PERFORM set_config('app.tenant_id', p_scope, true);
  UPDATE events SET seats_taken = seats_taken + 1
    WHERE event_id = p_event_id AND (capacity IS NULL OR seats_taken < capacity);
  seated := FOUND;
  INSERT INTO event_registrations (event_id, tenant_id, user_id, status, answers, waiting_since,
      ticket_code, confirmed_at)
    SELECT p_event_id, p_tenant_id, p_user_id, o.status, p_answers,
      CASE WHEN o.status = 'waiting' THEN now() END,
      CASE WHEN o.status = 'confirmed' THEN p_ticket_code END,
      CASE WHEN o.status = 'confirmed' THEN now() END
    FROM (SELECT CASE WHEN NOT seated THEN 'waiting' WHEN p_requires_approval THEN 'pending'
      ELSE 'confirmed' END AS status) o
    RETURNING * INTO reg;
  -- The same outbox row recordEvent writes (kernel/events): ids only, as the catalogue says.
  IF reg.status IN ('waiting', 'confirmed') THEN
    INSERT INTO domain_events (id, name, version, payload, tenant_id)
      VALUES (p_outbox_id, 'event.registration.' || reg.status,
        CASE WHEN reg.status = 'confirmed' THEN p_confirmed_version ELSE p_waiting_version END,
        jsonb_build_object('registration_id', reg.registration_id, 'event_id', reg.event_id,
          'user_id', reg.user_id, 'tenant_id', reg.tenant_id),
        reg.tenant_id);
  END IF;
  RETURN NEXT reg;
END $fn$;
