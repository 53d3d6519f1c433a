-- The bell, live (docs/decisions/0107-the-bell-live.md): every row the bell will show is written in
-- the transaction of what caused it (a remark, a closure request, an incident, the daily scan), so
-- the database itself tells every API process whose bell has something new, on commit and only
-- then, whichever code wrote it. One notification per user per statement, carrying the user's id
-- only (never a title or a body): the browser reads its bell again through the normal routes.
-- PostgreSQL drops identical payloads within a transaction, so a user told of several things in
-- one write hears once.
--   u  the user (a membership) the rows are for
-- The API forwards it only to that user's own streams (api/src/live).
CREATE FUNCTION notifications_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reader uuid;
BEGIN
  FOR reader IN SELECT DISTINCT n.user_id FROM added n LOOP
    PERFORM pg_notify('verity_notices', jsonb_build_object('u', reader)::text);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER notifications_notify AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notifications_notify();
