-- How each user has dates written (docs/decisions/0090-one-date-style-per-user.md): 'by-place' is
-- the spec's formats, each place its own; the others write every date one way. It is part of the
-- signed-in user, so a change tells every API process to forget the session lookups it keeps
-- (migration 0031's notice, now over this column too).
ALTER TABLE users
  ADD COLUMN date_style text NOT NULL DEFAULT 'by-place'
    CONSTRAINT users_date_style_known CHECK (date_style IN
      ('by-place', 'day-month-year', 'month-day-year', 'year-month-day', 'day-month-name'));

DROP TRIGGER users_session_notify ON users;
CREATE TRIGGER users_session_notify AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (OLD.fullname, OLD.email, OLD.role, OLD.user_type, OLD.client_id, OLD.auditor_id,
     OLD.target_company_id, OLD.date_style)
    IS DISTINCT FROM
    (NEW.fullname, NEW.email, NEW.role, NEW.user_type, NEW.client_id, NEW.auditor_id,
     NEW.target_company_id, NEW.date_style))
  EXECUTE FUNCTION session_member_notify();
