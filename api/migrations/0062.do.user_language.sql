-- The language each user reads Verity in (docs/decisions/0109-languages.md): NULL until they choose
-- one (the browser's then decides on screen, English in e-mails). It is part of the signed-in user,
-- so a change tells every API process to forget the session lookups it keeps (migration 0031's
-- notice, now over this column too, as migration 0047 did for the date style).
ALTER TABLE users
  ADD COLUMN language text
    CONSTRAINT users_language_known CHECK (language IN ('en', 'fr', 'es', 'pt', 'tr', 'ar'));

DROP TRIGGER users_session_notify ON users;
CREATE TRIGGER users_session_notify AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (OLD.fullname, OLD.email, OLD.role, OLD.user_type, OLD.client_id, OLD.auditor_id,
     OLD.target_company_id, OLD.date_style, OLD.language)
    IS DISTINCT FROM
    (NEW.fullname, NEW.email, NEW.role, NEW.user_type, NEW.client_id, NEW.auditor_id,
     NEW.target_company_id, NEW.date_style, NEW.language))
  EXECUTE FUNCTION session_member_notify();
