-- The portfolio's figures from per-company summaries (docs/decisions.md "Portfolio summaries"): the
-- company x requirement matrix, open gaps by SDG, overdue ageing and closure on time, each kept per
-- target company and auditor firm, in the same transaction as every gap write, by the triggers of
-- 0027. What depends on the clock is counted as of the company row's overdue_as_of, as the overdue
-- gaps are: a reader adds the gaps due since that moment, and the roll moves it on.

-- Two more copies on the gap row, so every figure is kept from the gap rows alone (a plan deleted
-- with its gaps is gone when their trigger runs): its plan's category (the matrix's column for a gap
-- without references) and when it was last closed (its status history's latest 'closed').
ALTER TABLE gaps ADD COLUMN plan_category text, ADD COLUMN closed_at timestamptz;
UPDATE gaps g SET plan_category = ap.category FROM action_plans ap WHERE ap.id = g.action_plan_id;
UPDATE gaps g SET closed_at = h.closed_at
FROM (
  SELECT gap_id, max(changed_at) AS closed_at FROM gap_status_history
  WHERE status = 'closed' GROUP BY gap_id
) h
WHERE h.gap_id = g.id;
ALTER TABLE gaps ALTER COLUMN plan_category SET NOT NULL;

CREATE OR REPLACE FUNCTION gaps_copy_auditor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.auditor_id, ap.category INTO NEW.auditor_id, NEW.plan_category
  FROM action_plans ap JOIN audits a ON a.id = ap.audit_id
  WHERE ap.id = NEW.action_plan_id;
  RETURN NEW;
END $$;
DROP TRIGGER gaps_copy_auditor ON gaps;
CREATE TRIGGER gaps_copy_auditor
  BEFORE INSERT OR UPDATE OF action_plan_id, auditor_id, plan_category ON gaps
  FOR EACH ROW EXECUTE FUNCTION gaps_copy_auditor();

-- A plan's category edited: its gaps' copies follow (the row trigger reads it back from the plan).
CREATE FUNCTION gaps_refresh_plan_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gaps SET plan_category = NEW.category WHERE action_plan_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER action_plans_refresh_gap_category AFTER UPDATE OF category ON action_plans
  FOR EACH ROW WHEN (OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION gaps_refresh_plan_category();

-- A closing written to the status history: the gap's closed_at becomes the latest closing.
CREATE FUNCTION gap_status_history_closed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE gaps g SET closed_at = c.closed_at
  FROM (
    SELECT gap_id, max(changed_at) AS closed_at FROM added WHERE status = 'closed' GROUP BY gap_id
  ) c
  WHERE g.id = c.gap_id AND (g.closed_at IS NULL OR g.closed_at < c.closed_at);
  RETURN NULL;
END $$;
CREATE TRIGGER gap_status_history_closed_at AFTER INSERT ON gap_status_history
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION gap_status_history_closed_at();

-- Overdue ageing: the open and provisionally closed gaps due more than 30, 90 and 180 days (of 24
-- hours) before overdue_as_of. With overdue_open + overdue_prov_closed (due before it) they give the
-- four bands by difference.
ALTER TABLE company_summaries
  ADD COLUMN overdue_30 integer NOT NULL DEFAULT 0,
  ADD COLUMN overdue_90 integer NOT NULL DEFAULT 0,
  ADD COLUMN overdue_180 integer NOT NULL DEFAULT 0;

-- The matrix: not-closed gaps per requirement reference they carry (or their plan's category when
-- they carry none), by risk, and the open and provisionally closed ones due before overdue_as_of.
CREATE TABLE company_requirement_summaries (
  target_company_id uuid NOT NULL,
  auditor_id uuid NOT NULL,
  requirement text NOT NULL,
  low integer NOT NULL DEFAULT 0,
  moderate integer NOT NULL DEFAULT 0,
  high integer NOT NULL DEFAULT 0,
  overdue integer NOT NULL DEFAULT 0,
  PRIMARY KEY (target_company_id, auditor_id, requirement),
  FOREIGN KEY (target_company_id, auditor_id)
    REFERENCES company_summaries (target_company_id, auditor_id) ON DELETE CASCADE
);

-- Not-closed gaps per SDG they impact.
CREATE TABLE company_sdg_summaries (
  target_company_id uuid NOT NULL,
  auditor_id uuid NOT NULL,
  sdg text NOT NULL,
  open integer NOT NULL DEFAULT 0,
  PRIMARY KEY (target_company_id, auditor_id, sdg),
  FOREIGN KEY (target_company_id, auditor_id)
    REFERENCES company_summaries (target_company_id, auditor_id) ON DELETE CASCADE
);

-- Closure on time: the gaps due before overdue_as_of, per quarter (UTC) of their due date, and those
-- of them closed by their due date (closed, and last closed no later than it).
CREATE TABLE company_closure_summaries (
  target_company_id uuid NOT NULL,
  auditor_id uuid NOT NULL,
  quarter date NOT NULL,
  due integer NOT NULL DEFAULT 0,
  on_time integer NOT NULL DEFAULT 0,
  PRIMARY KEY (target_company_id, auditor_id, quarter),
  FOREIGN KEY (target_company_id, auditor_id)
    REFERENCES company_summaries (target_company_id, auditor_id) ON DELETE CASCADE
);

-- What readers and the roll add past overdue_as_of for closure on time: every gap by due date.
CREATE INDEX gaps_company_firm_due_all_idx ON gaps (target_company_id, auditor_id, due_date);

-- The requirement columns of the gap `g`: its references, or its plan's category.
CREATE FUNCTION gap_requirements(refs text[], category text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN cardinality(refs) = 0 THEN ARRAY[category] ELSE refs END
$$;

-- Removes (sign -1) or adds (sign 1) the gap rows to the detail summaries of their company and firm.
-- Runs after company_summaries_add in the same trigger, which has locked every company row these
-- rows belong to: writers of one company and firm queue there, so the detail rows need no order of
-- their own, and no roll moves overdue_as_of while they are counted against it. Rows whose company
-- or firm was deleted in this transaction have no company row, and count nowhere.
CREATE FUNCTION company_details_add(sign integer, rows gaps[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF rows IS NULL THEN
    RETURN;
  END IF;

  UPDATE company_summaries s SET
    overdue_30 = s.overdue_30 + d.o30,
    overdue_90 = s.overdue_90 + d.o90,
    overdue_180 = s.overdue_180 + d.o180
  FROM (
    SELECT t.target_company_id, t.auditor_id,
      sign * count(*) FILTER (WHERE g.due_date < t.overdue_as_of - interval '720 hours') AS o30,
      sign * count(*) FILTER (WHERE g.due_date < t.overdue_as_of - interval '2160 hours') AS o90,
      sign * count(*) FILTER (WHERE g.due_date < t.overdue_as_of - interval '4320 hours') AS o180
    FROM unnest(rows) g
    JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
    WHERE g.status IN ('open', 'provClosed') AND g.due_date IS NOT NULL
    GROUP BY t.target_company_id, t.auditor_id
  ) d
  WHERE s.target_company_id = d.target_company_id AND s.auditor_id = d.auditor_id;

  INSERT INTO company_requirement_summaries AS d
    (target_company_id, auditor_id, requirement, low, moderate, high, overdue)
  SELECT g.target_company_id, g.auditor_id, r.requirement,
    sign * count(*) FILTER (WHERE g.risk_severity = 'low'),
    sign * count(*) FILTER (WHERE g.risk_severity = 'moderate'),
    sign * count(*) FILTER (WHERE g.risk_severity = 'high'),
    sign * count(*) FILTER (WHERE g.status IN ('open', 'provClosed') AND g.due_date < t.overdue_as_of)
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(gap_requirements(g.requirement_references, g.plan_category)) AS r (requirement)
  WHERE g.status <> 'closed'
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, requirement) DO UPDATE SET
    low = d.low + EXCLUDED.low, moderate = d.moderate + EXCLUDED.moderate,
    high = d.high + EXCLUDED.high, overdue = d.overdue + EXCLUDED.overdue;

  INSERT INTO company_sdg_summaries AS d (target_company_id, auditor_id, sdg, open)
  SELECT g.target_company_id, g.auditor_id, x.sdg, sign * count(*)
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(g.impacted_sdgs) AS x (sdg)
  WHERE g.status <> 'closed'
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, sdg) DO UPDATE SET open = d.open + EXCLUDED.open;

  INSERT INTO company_closure_summaries AS d (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    sign * count(*),
    sign * count(*) FILTER (WHERE g.status = 'closed' AND g.closed_at <= g.due_date)
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  WHERE g.due_date < t.overdue_as_of
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, quarter) DO UPDATE SET
    due = d.due + EXCLUDED.due, on_time = d.on_time + EXCLUDED.on_time;
END $$;

CREATE OR REPLACE FUNCTION gaps_company_summaries_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_summaries_add(array_agg(1), array_agg(target_company_id), array_agg(auditor_id),
      array_agg(status), array_agg(risk_severity), array_agg(due_date))
    FROM new_gaps;
  PERFORM company_details_add(1, (SELECT array_agg(n::gaps) FROM new_gaps n));
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION gaps_company_summaries_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  all_old gaps[];
  all_new gaps[];
  olds gaps[] := '{}';
  news gaps[] := '{}';
BEGIN
  -- Each old row paired with its new one by position, both in id order (an update keeps the ids),
  -- not by joining the two transition tables: the planner knows no size for them and would pair
  -- them in a nested loop, whose cost grows with the square of the rows updated.
  SELECT array_agg(o::gaps ORDER BY o.id) INTO all_old FROM old_gaps o;
  SELECT array_agg(n::gaps ORDER BY n.id) INTO all_new FROM new_gaps n;
  -- Only rows whose counted columns changed (most edits change texts only): out the old, in the new.
  -- A change of references, SDGs, category or closing alone also passes through
  -- company_summaries_add (its counts do not move), which locks the company row first.
  FOR i IN 1 .. coalesce(array_length(all_old, 1), 0) LOOP
    IF ((all_old[i]).target_company_id, (all_old[i]).auditor_id, (all_old[i]).status,
        (all_old[i]).risk_severity, (all_old[i]).due_date, (all_old[i]).requirement_references,
        (all_old[i]).plan_category, (all_old[i]).impacted_sdgs, (all_old[i]).closed_at)
      IS DISTINCT FROM ((all_new[i]).target_company_id, (all_new[i]).auditor_id, (all_new[i]).status,
        (all_new[i]).risk_severity, (all_new[i]).due_date, (all_new[i]).requirement_references,
        (all_new[i]).plan_category, (all_new[i]).impacted_sdgs, (all_new[i]).closed_at) THEN
      olds := olds || all_old[i];
      news := news || all_new[i];
    END IF;
  END LOOP;
  IF cardinality(olds) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM company_summaries_add(array_agg(x.sign), array_agg(x.target_company_id),
      array_agg(x.auditor_id), array_agg(x.status), array_agg(x.risk_severity), array_agg(x.due_date))
    FROM (
      SELECT -1 AS sign, o.target_company_id, o.auditor_id, o.status, o.risk_severity, o.due_date
      FROM unnest(olds) o
      UNION ALL
      SELECT 1, n.target_company_id, n.auditor_id, n.status, n.risk_severity, n.due_date
      FROM unnest(news) n
    ) x;
  PERFORM company_details_add(-1, olds);
  PERFORM company_details_add(1, news);
  RETURN NULL;
END $$;

-- The per-plan summaries' update trigger (0008) pairs its rows the same way now: a closing copied onto
-- many gaps in one statement (a seed, an import of history) took minutes with the nested loop.
CREATE OR REPLACE FUNCTION gaps_summarise_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  all_old gaps[];
  all_new gaps[];
  out_plans uuid[] := '{}';
  out_statuses text[] := '{}';
  out_risks text[] := '{}';
  in_plans uuid[] := '{}';
  in_statuses text[] := '{}';
  in_risks text[] := '{}';
  due_plans uuid[] := '{}';
BEGIN
  SELECT array_agg(o::gaps ORDER BY o.id) INTO all_old FROM old_gaps o;
  SELECT array_agg(n::gaps ORDER BY n.id) INTO all_new FROM new_gaps n;
  -- Only rows whose counted columns changed (most edits change texts only).
  FOR i IN 1 .. coalesce(array_length(all_old, 1), 0) LOOP
    IF ((all_old[i]).action_plan_id, (all_old[i]).status, (all_old[i]).risk_severity)
      IS DISTINCT FROM ((all_new[i]).action_plan_id, (all_new[i]).status, (all_new[i]).risk_severity)
    THEN
      out_plans := out_plans || (all_old[i]).action_plan_id;
      out_statuses := out_statuses || (all_old[i]).status;
      out_risks := out_risks || (all_old[i]).risk_severity;
      in_plans := in_plans || (all_new[i]).action_plan_id;
      in_statuses := in_statuses || (all_new[i]).status;
      in_risks := in_risks || (all_new[i]).risk_severity;
    END IF;
    IF ((all_old[i]).action_plan_id, (all_old[i]).status, (all_old[i]).due_date)
      IS DISTINCT FROM ((all_new[i]).action_plan_id, (all_new[i]).status, (all_new[i]).due_date)
    THEN
      due_plans := due_plans || (all_old[i]).action_plan_id || (all_new[i]).action_plan_id;
    END IF;
  END LOOP;
  IF cardinality(out_plans) > 0 THEN
    PERFORM action_plan_summaries_add(-1, out_plans, out_statuses, out_risks);
    PERFORM action_plan_summaries_add(1, in_plans, in_statuses, in_risks);
  END IF;
  IF cardinality(due_plans) > 0 THEN
    PERFORM action_plan_summaries_refresh_due(ARRAY(SELECT DISTINCT p FROM unnest(due_plans) p));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION gaps_company_summaries_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_summaries_add(array_agg(-1), array_agg(target_company_id), array_agg(auditor_id),
      array_agg(status), array_agg(risk_severity), array_agg(due_date))
    FROM old_gaps;
  PERFORM company_details_add(-1, (SELECT array_agg(o::gaps) FROM old_gaps o));
  RETURN NULL;
END $$;

-- Moves overdue_as_of to `cutoff` (at most now()) on the rows whose next_due has passed it, or whose
-- moment is more than an hour older than it (the ageing bands and closures move with the clock
-- whatever the next due date): every count kept "as of" the moment takes the gaps due in between.
-- Changes no figure (a reader adds those gaps itself); it keeps what readers add small. Returns the
-- rows moved.
CREATE OR REPLACE FUNCTION company_summaries_roll(cutoff timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  companies uuid[];
  firms uuid[];
  moments timestamptz[];
  moved integer;
BEGIN
  IF cutoff > now() THEN
    RAISE EXCEPTION 'company_summaries_roll: cutoff % is after now()', cutoff;
  END IF;
  -- The rows to move, locked in the writers' order. Only these are updated below: a row that came due
  -- meanwhile waits for the next roll (updating it unlocked would count its gaps in an older snapshot
  -- than the row's own version).
  SELECT array_agg(l.target_company_id), array_agg(l.auditor_id), array_agg(l.overdue_as_of)
    INTO companies, firms, moments
  FROM (
    SELECT target_company_id, auditor_id, overdue_as_of FROM company_summaries
    WHERE overdue_as_of < cutoff
      AND (next_due < cutoff OR overdue_as_of < cutoff - interval '1 hour')
    ORDER BY target_company_id, auditor_id FOR UPDATE
  ) l;
  IF companies IS NULL THEN
    RETURN 0;
  END IF;

  -- The details first, against each row's old moment.
  INSERT INTO company_requirement_summaries AS d (target_company_id, auditor_id, requirement, overdue)
  SELECT g.target_company_id, g.auditor_id, r.requirement, count(*)
  FROM unnest(companies, firms, moments) AS k (company, firm, moment)
  JOIN gaps g ON g.target_company_id = k.company AND g.auditor_id = k.firm
    AND g.status IN ('open', 'provClosed') AND g.due_date >= k.moment AND g.due_date < cutoff
  CROSS JOIN LATERAL unnest(gap_requirements(g.requirement_references, g.plan_category)) AS r (requirement)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, requirement) DO UPDATE SET
    overdue = d.overdue + EXCLUDED.overdue;

  INSERT INTO company_closure_summaries AS d (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    count(*), count(*) FILTER (WHERE g.status = 'closed' AND g.closed_at <= g.due_date)
  FROM unnest(companies, firms, moments) AS k (company, firm, moment)
  JOIN gaps g ON g.target_company_id = k.company AND g.auditor_id = k.firm
    AND g.due_date >= k.moment AND g.due_date < cutoff
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, quarter) DO UPDATE SET
    due = d.due + EXCLUDED.due, on_time = d.on_time + EXCLUDED.on_time;

  UPDATE company_summaries s SET
    overdue_open = s.overdue_open + (
      SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status = 'open' AND g.due_date >= s.overdue_as_of AND g.due_date < cutoff),
    overdue_prov_closed = s.overdue_prov_closed + (
      SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status = 'provClosed' AND g.due_date >= s.overdue_as_of AND g.due_date < cutoff),
    overdue_30 = s.overdue_30 + (
      SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status IN ('open', 'provClosed')
        AND g.due_date >= s.overdue_as_of - interval '720 hours'
        AND g.due_date < cutoff - interval '720 hours'),
    overdue_90 = s.overdue_90 + (
      SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status IN ('open', 'provClosed')
        AND g.due_date >= s.overdue_as_of - interval '2160 hours'
        AND g.due_date < cutoff - interval '2160 hours'),
    overdue_180 = s.overdue_180 + (
      SELECT count(*) FROM gaps g
      WHERE g.target_company_id = s.target_company_id AND g.auditor_id = s.auditor_id
        AND g.status IN ('open', 'provClosed')
        AND g.due_date >= s.overdue_as_of - interval '4320 hours'
        AND g.due_date < cutoff - interval '4320 hours'),
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

-- Every count kept "as of" a moment, recounted from the gaps as of `moment` (at most now()), and the
-- detail summaries rebuilt: the backfill below, and a repair should a count ever be in doubt. Locks
-- the summary rows as the writers do.
CREATE FUNCTION company_summaries_recount(moment timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF moment > now() THEN
    RAISE EXCEPTION 'company_summaries_recount: moment % is after now()', moment;
  END IF;
  PERFORM 1 FROM company_summaries ORDER BY target_company_id, auditor_id FOR UPDATE;
  UPDATE company_summaries s SET
    overdue_as_of = moment,
    overdue_open = c.overdue_open, overdue_prov_closed = c.overdue_prov_closed,
    overdue_30 = c.o30, overdue_90 = c.o90, overdue_180 = c.o180, next_due = c.next_due
  FROM (
    SELECT t.target_company_id, t.auditor_id,
      count(g.id) FILTER (WHERE g.status = 'open' AND g.due_date < moment) AS overdue_open,
      count(g.id) FILTER (WHERE g.status = 'provClosed' AND g.due_date < moment) AS overdue_prov_closed,
      count(g.id) FILTER (WHERE g.status IN ('open', 'provClosed')
        AND g.due_date < moment - interval '720 hours') AS o30,
      count(g.id) FILTER (WHERE g.status IN ('open', 'provClosed')
        AND g.due_date < moment - interval '2160 hours') AS o90,
      count(g.id) FILTER (WHERE g.status IN ('open', 'provClosed')
        AND g.due_date < moment - interval '4320 hours') AS o180,
      min(g.due_date) FILTER (WHERE g.status IN ('open', 'provClosed') AND g.due_date >= moment)
        AS next_due
    FROM company_summaries t
    LEFT JOIN gaps g ON g.target_company_id = t.target_company_id AND g.auditor_id = t.auditor_id
    GROUP BY t.target_company_id, t.auditor_id
  ) c
  WHERE s.target_company_id = c.target_company_id AND s.auditor_id = c.auditor_id;

  DELETE FROM company_requirement_summaries;
  INSERT INTO company_requirement_summaries
    (target_company_id, auditor_id, requirement, low, moderate, high, overdue)
  SELECT g.target_company_id, g.auditor_id, r.requirement,
    count(*) FILTER (WHERE g.risk_severity = 'low'),
    count(*) FILTER (WHERE g.risk_severity = 'moderate'),
    count(*) FILTER (WHERE g.risk_severity = 'high'),
    count(*) FILTER (WHERE g.status IN ('open', 'provClosed') AND g.due_date < moment)
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(gap_requirements(g.requirement_references, g.plan_category)) AS r (requirement)
  WHERE g.status <> 'closed'
  GROUP BY 1, 2, 3;

  DELETE FROM company_sdg_summaries;
  INSERT INTO company_sdg_summaries (target_company_id, auditor_id, sdg, open)
  SELECT g.target_company_id, g.auditor_id, x.sdg, count(*)
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(g.impacted_sdgs) AS x (sdg)
  WHERE g.status <> 'closed'
  GROUP BY 1, 2, 3;

  DELETE FROM company_closure_summaries;
  INSERT INTO company_closure_summaries (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    count(*), count(*) FILTER (WHERE g.status = 'closed' AND g.closed_at <= g.due_date)
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  WHERE g.due_date < moment
  GROUP BY 1, 2, 3;
END $$;

SELECT company_summaries_recount(now());


-- The portfolio's lists of conditions precedent (and the explorer filtered by condition type): the
-- gaps carrying a condition, per company, so a read skips the gaps that carry none.
CREATE INDEX gaps_company_condition_idx ON gaps (target_company_id, condition_type, due_date)
  WHERE condition_type IS NOT NULL;

-- The portfolio's most overdue gaps of a risk (and the explorer filtered by risk and overdue, by due
-- date): the gaps that can be overdue, by risk and due date, read in order from the oldest.
CREATE INDEX gaps_risk_open_due_idx ON gaps (risk_severity, due_date, id)
  WHERE status IN ('open', 'provClosed');
