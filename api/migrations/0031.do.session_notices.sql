-- Session lookups kept (docs/decisions.md "Session lookups kept"): each API process keeps what a
-- signed-in request's session lookup found for a short while. Every change that ends a session or
-- changes what the lookup gives (the user's name, e-mail, role or organisation, the organisation's
-- name) tells every API process on commit, and only then, so each forgets what it kept.
--   payload: the user's id, or '*' when an organisation's name changed (every user of it).
-- Identical notices of one transaction reach a listener once (PostgreSQL folds them).

CREATE FUNCTION session_user_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verity_sessions', OLD.user_id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at)
  EXECUTE FUNCTION session_user_notify();

CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION session_user_notify();

CREATE FUNCTION session_member_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verity_sessions', OLD.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER users_session_notify AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (OLD.fullname, OLD.email, OLD.role, OLD.user_type, OLD.client_id, OLD.auditor_id,
     OLD.target_company_id)
    IS DISTINCT FROM
    (NEW.fullname, NEW.email, NEW.role, NEW.user_type, NEW.client_id, NEW.auditor_id,
     NEW.target_company_id))
  EXECUTE FUNCTION session_member_notify();

CREATE TRIGGER users_deleted_session_notify AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION session_member_notify();

CREATE FUNCTION session_organisation_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verity_sessions', '*');
  RETURN NULL;
END $$;

CREATE TRIGGER clients_name_session_notify AFTER UPDATE OF client_name ON clients
  FOR EACH ROW WHEN (OLD.client_name IS DISTINCT FROM NEW.client_name)
  EXECUTE FUNCTION session_organisation_notify();

CREATE TRIGGER auditors_name_session_notify AFTER UPDATE OF auditor_name ON auditors
  FOR EACH ROW WHEN (OLD.auditor_name IS DISTINCT FROM NEW.auditor_name)
  EXECUTE FUNCTION session_organisation_notify();

CREATE TRIGGER target_companies_name_session_notify
  AFTER UPDATE OF target_company_name ON target_companies
  FOR EACH ROW WHEN (OLD.target_company_name IS DISTINCT FROM NEW.target_company_name)
  EXECUTE FUNCTION session_organisation_notify();
