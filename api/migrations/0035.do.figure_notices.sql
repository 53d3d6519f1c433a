-- A company's dashboard kept without a statement (docs/decisions.md "Company dashboards kept on the
-- database's word"): every write to a row its figures are read from tells every API process on
-- commit, and only then, so each forgets the answers it kept for that company.
--   payload: 'c:' and the target company's id.
-- The API's own fences ('f:' and an id, api/src/live/figure-notices.ts) go on the same channel, so
-- a process that hears a fence has heard every notice committed before it was sent.
-- Identical notices of one transaction reach a listener once (PostgreSQL folds them).

CREATE FUNCTION company_figures_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('verity_figures', 'c:' || OLD.target_company_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('verity_figures', 'c:' || NEW.target_company_id::text);
  END IF;
  RETURN NULL;
END $$;

-- The per-plan, per-company plan and per-company gap summaries: every count the figures show, and
-- the moments they move by the clock.
CREATE TRIGGER action_plan_summaries_figures_notify
  AFTER INSERT OR UPDATE OR DELETE ON action_plan_summaries
  FOR EACH ROW EXECUTE FUNCTION company_figures_notify();

CREATE TRIGGER company_plan_summaries_figures_notify
  AFTER INSERT OR UPDATE OR DELETE ON company_plan_summaries
  FOR EACH ROW EXECUTE FUNCTION company_figures_notify();

CREATE TRIGGER company_summaries_figures_notify
  AFTER INSERT OR UPDATE OR DELETE ON company_summaries
  FOR EACH ROW EXECUTE FUNCTION company_figures_notify();

-- Who may read them: the company's client (no route moves a company or deletes one; a repair might).
CREATE FUNCTION company_owner_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verity_figures', 'c:' || OLD.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER target_companies_client_notify AFTER UPDATE OF client_id ON target_companies
  FOR EACH ROW WHEN (OLD.client_id IS DISTINCT FROM NEW.client_id)
  EXECUTE FUNCTION company_owner_notify();

CREATE TRIGGER target_companies_deleted_notify AFTER DELETE ON target_companies
  FOR EACH ROW EXECUTE FUNCTION company_owner_notify();
