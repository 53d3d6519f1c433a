-- Live updates (docs/decisions.md "Live updates"): every write to a gap or a plan appends to
-- change_history in its own transaction, so the database itself tells every API process what changed,
-- on commit and only then. One notification per plan and author per statement, carrying ids and
-- versions only (never a value): the screens read what changed through the normal routes.
--   p  the plan            g  the gap, when the statement touched one gap of the plan (else null)
--   v  the newest version  b  who changed it
--   c  the target company  cl its client
--   au the auditor firm of the plan's audit, while that firm is assigned to the company (else null)
-- The API forwards an event only to the streams of users who may see that plan (api/src/live).
CREATE FUNCTION change_history_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event record;
BEGIN
  FOR event IN
    SELECT n.action_plan_id,
      CASE WHEN count(DISTINCT n.gap_id) = 1 AND bool_and(n.gap_id IS NOT NULL)
        THEN min(n.gap_id::text) END AS gap_id,
      max(n.version) AS version,
      n.changed_by,
      a.target_company_id,
      tc.client_id,
      CASE WHEN EXISTS (SELECT 1 FROM company_auditors ca
          WHERE ca.target_company_id = a.target_company_id AND ca.auditor_id = a.auditor_id)
        THEN a.auditor_id END AS auditor_id
    FROM added n
    JOIN action_plans ap ON ap.id = n.action_plan_id
    JOIN audits a ON a.id = ap.audit_id
    JOIN target_companies tc ON tc.id = a.target_company_id
    GROUP BY n.action_plan_id, n.changed_by, a.target_company_id, tc.client_id, a.auditor_id
  LOOP
    PERFORM pg_notify('verity_changes', jsonb_build_object(
      'p', event.action_plan_id, 'g', event.gap_id, 'v', event.version, 'b', event.changed_by,
      'c', event.target_company_id, 'cl', event.client_id, 'au', event.auditor_id)::text);
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER change_history_notify AFTER INSERT ON change_history
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION change_history_notify();
