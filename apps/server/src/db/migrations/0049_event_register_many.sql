-- Issue 17: registrations to one event that arrive together are one statement. Each round trip costs
-- the server process more than PostgreSQL's work for the statement (profiled: a quarter of its CPU in
-- the socket's send during a burst), and the registrations of one event wait for each other on the
-- event row anyway. This takes a batch of people in arrival order, each in a subtransaction of its
-- own: a seat if one is free (a conditional update of the event row, never above capacity), the
-- registration in the state that follows, its outbox event, and a waiting person's place. One
-- person's failure (a second live registration fails the unique index) undoes that person's seat
-- and rows only and is returned as its SQLSTATE. The batch commits once. It runs as the caller
-- (row-level security applies) in the scope it is given.
CREATE OR REPLACE FUNCTION nexus_event_register_many(
  p_scope text,
  p_event_id integer,
  p_tenant_id integer,
  p_requires_approval boolean,
  p_items jsonb,
  p_confirmed_version integer,
  p_waiting_version integer
) RETURNS TABLE (
  out_item integer,
  out_registration_id integer,
  out_status text,
  out_ticket_code text,
  out_created_at timestamptz,
  out_waiting_position integer,
  out_error text
)
LANGUAGE plpgsql AS $fn$
DECLARE
  person jsonb;
  idx integer := 0;
  seated boolean;
  reg event_registrations;
BEGIN
  PERFORM set_config('app.tenant_id', p_scope, true);
  FOR person IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    out_item := idx;
    out_registration_id := NULL;
    out_status := NULL;
    out_ticket_code := NULL;
    out_created_at := NULL;
    out_waiting_position := NULL;
    out_error := NULL;
    BEGIN
      UPDATE events SET seats_taken = seats_taken + 1
        WHERE event_id = p_event_id AND (capacity IS NULL OR seats_taken < capacity);
      seated := FOUND;
      INSERT INTO event_registrations (event_id, tenant_id, user_id, status, answers, waiting_since,
          ticket_code, confirmed_at)
        SELECT p_event_id, p_tenant_id, (person->>'user_id')::integer, o.status, person->'answers',
          CASE WHEN o.status = 'waiting' THEN now() END,
          CASE WHEN o.status = 'confirmed' THEN person->>'ticket_code' END,
          CASE WHEN o.status = 'confirmed' THEN now() END
        FROM (SELECT CASE WHEN NOT seated THEN 'waiting' WHEN p_requires_approval THEN 'pending'
          ELSE 'confirmed' END AS status) o
        RETURNING * INTO reg;
      -- The same outbox row recordEvent writes (kernel/events): ids only, as the catalogue says.
      IF reg.status IN ('waiting', 'confirmed') THEN
        INSERT INTO domain_events (id, name, version, payload, tenant_id)
          VALUES ((person->>'outbox_id')::uuid, 'event.registration.' || reg.status,
            CASE WHEN reg.status = 'confirmed' THEN p_confirmed_version ELSE p_waiting_version END,
            jsonb_build_object('registration_id', reg.registration_id, 'event_id', reg.event_id,
              'user_id', reg.user_id, 'tenant_id', reg.tenant_id),
            reg.tenant_id);
      END IF;
      IF reg.status = 'waiting' THEN
        -- Everyone of this batch waits since the same now(): the id breaks the tie, as in the queue.
        SELECT count(*)::integer INTO out_waiting_position FROM event_registrations w
          WHERE w.event_id = p_event_id AND w.status = 'waiting'
            AND (w.waiting_since, w.registration_id) <= (reg.waiting_since, reg.registration_id);
      END IF;
      out_registration_id := reg.registration_id;
      out_status := reg.status;
      out_ticket_code := reg.ticket_code;
      out_created_at := reg.created_at;
    EXCEPTION WHEN OTHERS THEN
      out_error := SQLSTATE;
    END;
    RETURN NEXT;
    idx := idx + 1;
  END LOOP;
END $fn$;
--> statement-breakpoint
-- Its one-person predecessor (migration 0047) has no caller left.
DROP FUNCTION IF EXISTS nexus_event_register(text, integer, integer, integer, jsonb, text, boolean, uuid, integer, integer);
