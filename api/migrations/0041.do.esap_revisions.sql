-- ESAP revisions (docs/decisions/0083-esap-revisions.md): a plan's ESAP imported again is recorded as
-- a revision (Rev 1, Rev 2…; the plan's creation is Rev 0) with its differences. An item the new
-- revision no longer lists is dropped: its gap stays, with everything the company did, in the stored
-- status 'dropped' (the status it had kept beside it, for a later revision that lists it again).

ALTER TABLE gaps DROP CONSTRAINT gaps_status_check;
ALTER TABLE gaps ADD CONSTRAINT gaps_status_check
  CHECK (status IN ('open', 'closed', 'provClosed', 'pending', 'dropped'));
ALTER TABLE gaps ADD COLUMN status_before_drop text
  CHECK (status_before_drop IN ('open', 'closed', 'provClosed', 'pending'));
ALTER TABLE gaps ADD COLUMN dropped_in_revision integer;
ALTER TABLE gaps ADD CONSTRAINT gaps_dropped_whole CHECK (
  (status = 'dropped') = (status_before_drop IS NOT NULL AND dropped_in_revision IS NOT NULL));

CREATE TABLE action_plan_revisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  action_plan_id uuid NOT NULL REFERENCES action_plans (id) ON DELETE CASCADE,
  number integer NOT NULL CHECK (number >= 1),
  note text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- What the revision did: items added, changed (field by field, renumbered), dropped, and how many
  -- it left unchanged (the dry run's answer, as applied).
  differences jsonb NOT NULL,
  UNIQUE (action_plan_id, number)
);

-- A dropped item counts in no figure: not in a plan's total, open, overdue, closed or completion, nor
-- in a company's risks, requirements, SDGs or closures. One rule (its twin: shared-api
-- src/rules/gap-state.ts, gapInFigures); the other rules of 0038 already leave the status out of
-- open, overdue, pending and closed. The summaries' functions below are those of 0038 with this rule
-- added where they count every status.
CREATE FUNCTION gap_in_figures(status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status <> 'dropped' $$;

CREATE OR REPLACE FUNCTION action_plan_summaries_add(sign integer, plan_ids uuid[], statuses text[], risks text[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO action_plan_summaries AS s
    (action_plan_id, target_company_id, auditor_id, category, timeline,
     total, closed, prov_closed, low, moderate, high)
  SELECT c.plan_id, ap.target_company_id, a.auditor_id, ap.category, ap.timeline,
    sign * count(*), sign * count(*) FILTER (WHERE gap_is_closed(c.status)),
    sign * count(*) FILTER (WHERE gap_is_prov_closed(c.status)),
    sign * count(*) FILTER (WHERE c.risk = 'low'), sign * count(*) FILTER (WHERE c.risk = 'moderate'),
    sign * count(*) FILTER (WHERE c.risk = 'high')
  FROM unnest(plan_ids, statuses, risks) AS c (plan_id, status, risk)
  -- A plan deleted in this transaction takes its summary with it (cascade): nothing to count.
  JOIN action_plans ap ON ap.id = c.plan_id
  JOIN audits a ON a.id = ap.audit_id
  WHERE gap_in_figures(c.status)
  GROUP BY c.plan_id, ap.target_company_id, a.auditor_id, ap.category, ap.timeline
  -- One lock order for every writer, so two multi-plan writes cannot deadlock.
  ORDER BY c.plan_id
  ON CONFLICT (action_plan_id) DO UPDATE SET
    total = s.total + EXCLUDED.total, closed = s.closed + EXCLUDED.closed,
    prov_closed = s.prov_closed + EXCLUDED.prov_closed, low = s.low + EXCLUDED.low,
    moderate = s.moderate + EXCLUDED.moderate, high = s.high + EXCLUDED.high;
$$;

CREATE OR REPLACE FUNCTION company_summaries_add(signs integer[], companies uuid[], firms uuid[],
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
    coalesce(sum(c.sign) FILTER (WHERE gap_is_prov_closed(c.status)), 0),
    coalesce(sum(c.sign) FILTER (WHERE gap_is_pending_review(c.status)), 0),
    coalesce(sum(c.sign) FILTER (WHERE gap_is_closed(c.status)), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.risk = 'low'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.risk = 'moderate'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.risk = 'high'), 0)
  FROM unnest(signs, companies, firms, statuses, risks) AS c (sign, company, firm, status, risk)
  WHERE EXISTS (SELECT 1 FROM target_companies tc WHERE tc.id = c.company)
    AND EXISTS (SELECT 1 FROM auditors a WHERE a.id = c.firm)
    AND gap_in_figures(c.status)
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
      coalesce(sum(c.sign) FILTER (WHERE c.status = 'open'
        AND gap_is_overdue(c.status, c.due, t.overdue_as_of)), 0) AS open,
      coalesce(sum(c.sign) FILTER (WHERE gap_is_prov_closed(c.status)
        AND gap_is_overdue(c.status, c.due, t.overdue_as_of)), 0) AS prov_closed,
      min(gap_overdue_after(c.due)) FILTER (WHERE c.sign = 1
        AND NOT gap_is_overdue(c.status, c.due, t.overdue_as_of)) AS next_due
    FROM unnest(signs, companies, firms, statuses, dues) AS c (sign, company, firm, status, due)
    JOIN company_summaries t ON t.target_company_id = c.company AND t.auditor_id = c.firm
    WHERE gap_can_be_overdue(c.status) AND c.due IS NOT NULL
    GROUP BY t.target_company_id, t.auditor_id
  ) d
  WHERE s.target_company_id = d.target_company_id AND s.auditor_id = d.auditor_id;
END $$;

CREATE OR REPLACE FUNCTION company_details_add(sign integer, rows gaps[]) RETURNS void
LANGUAGE plpgsql AS $$
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
      sign * count(*) FILTER (WHERE gap_is_overdue(g.status, g.due_date,
        t.overdue_as_of - interval '720 hours')) AS o30,
      sign * count(*) FILTER (WHERE gap_is_overdue(g.status, g.due_date,
        t.overdue_as_of - interval '2160 hours')) AS o90,
      sign * count(*) FILTER (WHERE gap_is_overdue(g.status, g.due_date,
        t.overdue_as_of - interval '4320 hours')) AS o180
    FROM unnest(rows) g
    JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
    WHERE gap_can_be_overdue(g.status) AND g.due_date IS NOT NULL
    GROUP BY t.target_company_id, t.auditor_id
  ) d
  WHERE s.target_company_id = d.target_company_id AND s.auditor_id = d.auditor_id;

  INSERT INTO company_requirement_summaries AS d
    (target_company_id, auditor_id, requirement, low, moderate, high, overdue)
  SELECT g.target_company_id, g.auditor_id, r.requirement,
    sign * count(*) FILTER (WHERE g.risk_severity = 'low'),
    sign * count(*) FILTER (WHERE g.risk_severity = 'moderate'),
    sign * count(*) FILTER (WHERE g.risk_severity = 'high'),
    sign * count(*) FILTER (WHERE gap_is_overdue(g.status, g.due_date, t.overdue_as_of))
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(gap_requirements(g.requirement_references, g.plan_category)) AS r (requirement)
  WHERE NOT gap_is_closed(g.status) AND gap_in_figures(g.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, requirement) DO UPDATE SET
    low = d.low + EXCLUDED.low, moderate = d.moderate + EXCLUDED.moderate,
    high = d.high + EXCLUDED.high, overdue = d.overdue + EXCLUDED.overdue;

  INSERT INTO company_sdg_summaries AS d (target_company_id, auditor_id, sdg, open)
  SELECT g.target_company_id, g.auditor_id, x.sdg, sign * count(*)
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(g.impacted_sdgs) AS x (sdg)
  WHERE NOT gap_is_closed(g.status) AND gap_in_figures(g.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, sdg) DO UPDATE SET open = d.open + EXCLUDED.open;

  INSERT INTO company_closure_summaries AS d (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    sign * count(*),
    sign * count(*) FILTER (WHERE gap_closed_on_time(g.status, g.closed_at, g.due_date))
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  WHERE g.due_date < t.overdue_as_of AND gap_in_figures(g.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, quarter) DO UPDATE SET
    due = d.due + EXCLUDED.due, on_time = d.on_time + EXCLUDED.on_time;
END $$;

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
    AND gap_came_overdue(g.status, g.due_date, k.moment, cutoff)
  CROSS JOIN LATERAL unnest(gap_requirements(g.requirement_references, g.plan_category)) AS r (requirement)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, requirement) DO UPDATE SET
    overdue = d.overdue + EXCLUDED.overdue;

  INSERT INTO company_closure_summaries AS d (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    count(*), count(*) FILTER (WHERE gap_closed_on_time(g.status, g.closed_at, g.due_date))
  FROM unnest(companies, firms, moments) AS k (company, firm, moment)
  JOIN gaps g ON g.target_company_id = k.company AND g.auditor_id = k.firm
    AND g.due_date >= k.moment AND g.due_date < cutoff AND gap_in_figures(g.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, quarter) DO UPDATE SET
    due = d.due + EXCLUDED.due, on_time = d.on_time + EXCLUDED.on_time;

  UPDATE company_summaries s SET
    overdue_open = s.overdue_open + c0.open,
    overdue_prov_closed = s.overdue_prov_closed + c0.prov_closed,
    overdue_30 = s.overdue_30 + c30.open + c30.prov_closed,
    overdue_90 = s.overdue_90 + c90.open + c90.prov_closed,
    overdue_180 = s.overdue_180 + c180.open + c180.prov_closed,
    overdue_as_of = cutoff,
    next_due = (SELECT n FROM company_gaps_next_overdue(s.target_company_id, s.auditor_id, cutoff) n)
  FROM unnest(companies, firms, moments) AS k (company, firm, moment),
    LATERAL company_gaps_came_overdue(k.company, k.firm, k.moment, cutoff) c0,
    LATERAL company_gaps_came_overdue(k.company, k.firm, k.moment - interval '720 hours',
      cutoff - interval '720 hours') c30,
    LATERAL company_gaps_came_overdue(k.company, k.firm, k.moment - interval '2160 hours',
      cutoff - interval '2160 hours') c90,
    LATERAL company_gaps_came_overdue(k.company, k.firm, k.moment - interval '4320 hours',
      cutoff - interval '4320 hours') c180
  WHERE s.target_company_id = k.company AND s.auditor_id = k.firm;
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved;
END $$;

CREATE OR REPLACE FUNCTION company_summaries_recount(moment timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF moment > now() THEN
    RAISE EXCEPTION 'company_summaries_recount: moment % is after now()', moment;
  END IF;
  PERFORM 1 FROM company_summaries ORDER BY target_company_id, auditor_id FOR UPDATE;
  UPDATE company_summaries s SET
    overdue_as_of = moment,
    overdue_open = c0.open, overdue_prov_closed = c0.prov_closed,
    overdue_30 = c30.open + c30.prov_closed,
    overdue_90 = c90.open + c90.prov_closed,
    overdue_180 = c180.open + c180.prov_closed,
    next_due = (SELECT n FROM company_gaps_next_overdue(s.target_company_id, s.auditor_id, moment) n)
  FROM company_summaries t,
    LATERAL company_gaps_came_overdue(t.target_company_id, t.auditor_id, '-infinity', moment) c0,
    LATERAL company_gaps_came_overdue(t.target_company_id, t.auditor_id, '-infinity',
      moment - interval '720 hours') c30,
    LATERAL company_gaps_came_overdue(t.target_company_id, t.auditor_id, '-infinity',
      moment - interval '2160 hours') c90,
    LATERAL company_gaps_came_overdue(t.target_company_id, t.auditor_id, '-infinity',
      moment - interval '4320 hours') c180
  WHERE s.target_company_id = t.target_company_id AND s.auditor_id = t.auditor_id;

  DELETE FROM company_requirement_summaries;
  INSERT INTO company_requirement_summaries
    (target_company_id, auditor_id, requirement, low, moderate, high, overdue)
  SELECT g.target_company_id, g.auditor_id, r.requirement,
    count(*) FILTER (WHERE g.risk_severity = 'low'),
    count(*) FILTER (WHERE g.risk_severity = 'moderate'),
    count(*) FILTER (WHERE g.risk_severity = 'high'),
    count(*) FILTER (WHERE gap_is_overdue(g.status, g.due_date, moment))
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(gap_requirements(g.requirement_references, g.plan_category)) AS r (requirement)
  WHERE NOT gap_is_closed(g.status) AND gap_in_figures(g.status)
  GROUP BY 1, 2, 3;

  DELETE FROM company_sdg_summaries;
  INSERT INTO company_sdg_summaries (target_company_id, auditor_id, sdg, open)
  SELECT g.target_company_id, g.auditor_id, x.sdg, count(*)
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(g.impacted_sdgs) AS x (sdg)
  WHERE NOT gap_is_closed(g.status) AND gap_in_figures(g.status)
  GROUP BY 1, 2, 3;

  DELETE FROM company_closure_summaries;
  INSERT INTO company_closure_summaries (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    count(*), count(*) FILTER (WHERE gap_closed_on_time(g.status, g.closed_at, g.due_date))
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  WHERE g.due_date < moment AND gap_in_figures(g.status)
  GROUP BY 1, 2, 3;
END $$;
