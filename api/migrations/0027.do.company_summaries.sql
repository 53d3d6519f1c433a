-- Per target company and auditor firm, the gap counts the auditor dashboard and the portfolio series
-- read (docs/decisions.md "Dashboard summaries"), so those reads cost one row per company and firm,
-- whatever the number of plans and gaps. Like the per-plan summaries (0008), triggers on gaps keep it
-- in the same transaction as every gap write.

-- The auditor firm of a gap's audit, copied like target_company_id (a row trigger fills it from the
-- plan), so the summaries are kept from the gap rows alone, also when a plan or an audit is deleted
-- with its gaps (the cascade has already removed the plan when the gaps' trigger runs).
ALTER TABLE gaps ADD COLUMN auditor_id uuid;
UPDATE gaps g SET auditor_id = a.auditor_id
FROM action_plans ap JOIN audits a ON a.id = ap.audit_id
WHERE ap.id = g.action_plan_id;
ALTER TABLE gaps ALTER COLUMN auditor_id SET NOT NULL;

CREATE FUNCTION gaps_copy_auditor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.auditor_id INTO NEW.auditor_id
  FROM action_plans ap JOIN audits a ON a.id = ap.audit_id
  WHERE ap.id = NEW.action_plan_id;
  RETURN NEW;
END $$;
CREATE TRIGGER gaps_copy_auditor BEFORE INSERT OR UPDATE OF action_plan_id, auditor_id ON gaps
  FOR EACH ROW EXECUTE FUNCTION gaps_copy_auditor();

-- A plan moved to another audit, or an audit given to another firm (neither is done by the product
-- today), takes its gaps' firm along: their copies are refreshed, and the summaries follow that update.
CREATE FUNCTION gaps_refresh_auditor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'audits' THEN
    UPDATE gaps g SET auditor_id = NEW.auditor_id FROM action_plans ap
    WHERE ap.audit_id = NEW.id AND g.action_plan_id = ap.id;
  ELSE
    UPDATE gaps g SET auditor_id = a.auditor_id FROM audits a
    WHERE a.id = NEW.audit_id AND g.action_plan_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER audits_refresh_gap_auditor AFTER UPDATE OF auditor_id ON audits
  FOR EACH ROW WHEN (OLD.auditor_id IS DISTINCT FROM NEW.auditor_id)
  EXECUTE FUNCTION gaps_refresh_auditor();
CREATE TRIGGER action_plans_refresh_gap_auditor AFTER UPDATE OF audit_id ON action_plans
  FOR EACH ROW WHEN (OLD.audit_id IS DISTINCT FROM NEW.audit_id)
  EXECUTE FUNCTION gaps_refresh_auditor();

-- What depends on the clock is kept "as of" a moment: overdue_open and overdue_prov_closed count the
-- gaps (open, provisionally closed) due before overdue_as_of, and next_due is a lower bound of their
-- due dates from overdue_as_of on (no such gap is due in [overdue_as_of, next_due); null: none due
-- from overdue_as_of on). A reader adds the gaps due in [overdue_as_of, now()) only for the rows whose
-- next_due has passed; company_summaries_roll moves overdue_as_of forward so those stay few.
CREATE TABLE company_summaries (
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  auditor_id uuid NOT NULL REFERENCES auditors (id) ON DELETE CASCADE,
  -- Gaps per status (their sum is the total) and per risk.
  open integer NOT NULL DEFAULT 0,
  prov_closed integer NOT NULL DEFAULT 0,
  pending integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0,
  low integer NOT NULL DEFAULT 0,
  moderate integer NOT NULL DEFAULT 0,
  high integer NOT NULL DEFAULT 0,
  overdue_as_of timestamptz NOT NULL DEFAULT now(),
  overdue_open integer NOT NULL DEFAULT 0,
  overdue_prov_closed integer NOT NULL DEFAULT 0,
  next_due timestamptz,
  PRIMARY KEY (target_company_id, auditor_id)
);
CREATE INDEX company_summaries_auditor_idx ON company_summaries (auditor_id, target_company_id);

-- The gaps that can be overdue, per company and firm by due date: what readers add past
-- overdue_as_of, and what the roll counts.
CREATE INDEX gaps_company_firm_due_idx ON gaps (target_company_id, auditor_id, due_date)
  INCLUDE (status) WHERE status IN ('open', 'provClosed');

-- Removes (sign -1) or adds (sign 1) gap rows to their company and firm's summary.
CREATE FUNCTION company_summaries_add(signs integer[], companies uuid[], firms uuid[],
  statuses text[], risks text[], dues timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The counts that do not depend on the clock, as deltas; the upsert locks the rows in one order for
  -- every writer (company, firm). A company or firm deleted in this transaction takes its rows with
  -- it (cascade): nothing to count.
  INSERT INTO company_summaries AS s
    (target_company_id, auditor_id, open, prov_closed, pending, closed, low, moderate, high)
  SELECT c.company, c.firm,
    coalesce(sum(c.sign) FILTER (WHERE c.status = 'open'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.status = 'provClosed'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.status = 'pending'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.status = 'closed'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.risk = 'low'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.risk = 'moderate'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.risk = 'high'), 0)
  FROM unnest(signs, companies, firms, statuses, risks) AS c (sign, company, firm, status, risk)
  WHERE EXISTS (SELECT 1 FROM target_companies tc WHERE tc.id = c.company)
    AND EXISTS (SELECT 1 FROM auditors a WHERE a.id = c.firm)
  GROUP BY c.company, c.firm
  ORDER BY c.company, c.firm
  ON CONFLICT (target_company_id, auditor_id) DO UPDATE SET
    open = s.open + EXCLUDED.open, prov_closed = s.prov_closed + EXCLUDED.prov_closed,
    pending = s.pending + EXCLUDED.pending, closed = s.closed + EXCLUDED.closed,
    low = s.low + EXCLUDED.low, moderate = s.moderate + EXCLUDED.moderate, high = s.high + EXCLUDED.high;

  -- The overdue counts as of each row's overdue_as_of, read in this later statement: the rows are
  -- locked, so no roll moves overdue_as_of between the reading and the writing.
  UPDATE company_summaries s SET
    overdue_open = s.overdue_open + d.open,
    overdue_prov_closed = s.overdue_prov_closed + d.prov_closed,
    next_due = least(s.next_due, d.next_due)
  FROM (
    SELECT t.target_company_id, t.auditor_id,
      coalesce(sum(c.sign) FILTER (WHERE c.status = 'open' AND c.due < t.overdue_as_of), 0) AS open,
      coalesce(sum(c.sign) FILTER (WHERE c.status = 'provClosed' AND c.due < t.overdue_as_of), 0)
        AS prov_closed,
      min(c.due) FILTER (WHERE c.sign = 1 AND c.due >= t.overdue_as_of) AS next_due
    FROM unnest(signs, companies, firms, statuses, dues) AS c (sign, company, firm, status, due)
    JOIN company_summaries t ON t.target_company_id = c.company AND t.auditor_id = c.firm
    WHERE c.status IN ('open', 'provClosed') AND c.due IS NOT NULL
    GROUP BY t.target_company_id, t.auditor_id
  ) d
  WHERE s.target_company_id = d.target_company_id AND s.auditor_id = d.auditor_id;
END $$;

CREATE FUNCTION gaps_company_summaries_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_summaries_add(array_agg(1), array_agg(target_company_id), array_agg(auditor_id),
      array_agg(status), array_agg(risk_severity), array_agg(due_date))
    FROM new_gaps;
  RETURN NULL;
END $$;

CREATE FUNCTION gaps_company_summaries_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose counted columns changed (most edits change texts only): out the old, in the new.
  PERFORM company_summaries_add(array_agg(x.sign), array_agg(x.company), array_agg(x.firm),
      array_agg(x.status), array_agg(x.risk), array_agg(x.due))
    FROM (
      SELECT -1, o.target_company_id, o.auditor_id, o.status, o.risk_severity, o.due_date
      FROM old_gaps o JOIN new_gaps n ON n.id = o.id
      WHERE (o.target_company_id, o.auditor_id, o.status, o.risk_severity, o.due_date)
        IS DISTINCT FROM (n.target_company_id, n.auditor_id, n.status, n.risk_severity, n.due_date)
      UNION ALL
      SELECT 1, n.target_company_id, n.auditor_id, n.status, n.risk_severity, n.due_date
      FROM old_gaps o JOIN new_gaps n ON n.id = o.id
      WHERE (o.target_company_id, o.auditor_id, o.status, o.risk_severity, o.due_date)
        IS DISTINCT FROM (n.target_company_id, n.auditor_id, n.status, n.risk_severity, n.due_date)
    ) AS x (sign, company, firm, status, risk, due);
  RETURN NULL;
END $$;

CREATE FUNCTION gaps_company_summaries_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_summaries_add(array_agg(-1), array_agg(target_company_id), array_agg(auditor_id),
      array_agg(status), array_agg(risk_severity), array_agg(due_date))
    FROM old_gaps;
  RETURN NULL;
END $$;

-- Triggers of one event fire in name order: these (gaps_company_...) before the per-plan ones
-- (gaps_summarise_...), so every writer locks its company rows first, then its plan rows.
CREATE TRIGGER gaps_company_summaries_insert AFTER INSERT ON gaps
  REFERENCING NEW TABLE AS new_gaps FOR EACH STATEMENT EXECUTE FUNCTION gaps_company_summaries_insert();
CREATE TRIGGER gaps_company_summaries_update AFTER UPDATE ON gaps
  REFERENCING OLD TABLE AS old_gaps NEW TABLE AS new_gaps
  FOR EACH STATEMENT EXECUTE FUNCTION gaps_company_summaries_update();
CREATE TRIGGER gaps_company_summaries_delete AFTER DELETE ON gaps
  REFERENCING OLD TABLE AS old_gaps FOR EACH STATEMENT EXECUTE FUNCTION gaps_company_summaries_delete();

-- Moves overdue_as_of to `cutoff` (at most now()) on the rows whose next_due has passed it: the gaps
-- due in between join the stored overdue counts, and next_due becomes exact. Changes no figure (a
-- reader adds those gaps itself); it keeps what readers add small. Returns the rows moved.
CREATE FUNCTION company_summaries_roll(cutoff timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  companies uuid[];
  firms uuid[];
  moved integer;
BEGIN
  IF cutoff > now() THEN
    RAISE EXCEPTION 'company_summaries_roll: cutoff % is after now()', cutoff;
  END IF;
  -- The rows to move, locked in the writers' order. Only these are updated below: a row that came due
  -- meanwhile waits for the next roll (updating it unlocked would count its gaps in an older snapshot
  -- than the row's own version).
  SELECT array_agg(l.target_company_id), array_agg(l.auditor_id) INTO companies, firms
  FROM (
    SELECT target_company_id, auditor_id FROM company_summaries WHERE next_due < cutoff
    ORDER BY target_company_id, auditor_id FOR UPDATE
  ) l;
  UPDATE company_summaries s SET
    overdue_open = s.overdue_open + (
      SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status = 'open' AND g.due_date >= s.overdue_as_of AND g.due_date < cutoff),
    overdue_prov_closed = s.overdue_prov_closed + (
      SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status = 'provClosed' AND g.due_date >= s.overdue_as_of AND g.due_date < cutoff),
    overdue_as_of = cutoff,
    next_due = (
      SELECT min(g.due_date) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status IN ('open', 'provClosed') AND g.due_date >= cutoff)
  FROM unnest(companies, firms) AS k (company, firm)
  WHERE s.target_company_id = k.company AND s.auditor_id = k.firm;
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved;
END $$;

-- Backfill from the gaps already stored, as of now.
INSERT INTO company_summaries
  (target_company_id, auditor_id, open, prov_closed, pending, closed, low, moderate, high,
   overdue_open, overdue_prov_closed, next_due)
SELECT g.target_company_id, g.auditor_id,
  count(*) FILTER (WHERE g.status = 'open'), count(*) FILTER (WHERE g.status = 'provClosed'),
  count(*) FILTER (WHERE g.status = 'pending'), count(*) FILTER (WHERE g.status = 'closed'),
  count(*) FILTER (WHERE g.risk_severity = 'low'), count(*) FILTER (WHERE g.risk_severity = 'moderate'),
  count(*) FILTER (WHERE g.risk_severity = 'high'),
  count(*) FILTER (WHERE g.status = 'open' AND g.due_date < now()),
  count(*) FILTER (WHERE g.status = 'provClosed' AND g.due_date < now()),
  min(g.due_date) FILTER (WHERE g.status IN ('open', 'provClosed') AND g.due_date >= now())
FROM gaps g
GROUP BY g.target_company_id, g.auditor_id;
