-- Each rule of a gap's state, defined once (docs/decisions/0006-derived-figures.md): the functions
-- below. The summaries' triggers, roll and recount, and every reader of the API call them; the
-- browser's one copy (shared-api src/rules/gap-state.ts) is tested against them.
--
-- Each is one SQL expression marked IMMUTABLE, which the planner inlines into the query calling it:
-- the indexes on status and due date apply as if the condition were written out there. A moment
-- asked about (`at`, `since`, `until`) is a timestamptz (now(), a summary row's "as of" moment, the
-- notification scan's clock), compared with the stored due date, so no time zone enters the rules.

-- Statuses.
CREATE FUNCTION gap_is_closed(status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status = 'closed' $$;
CREATE FUNCTION gap_is_prov_closed(status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status = 'provClosed' $$;
-- Closure requested, waiting for its review: the company has done its part, so never overdue.
CREATE FUNCTION gap_is_pending_review(status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status = 'pending' $$;

-- Overdue: a gap open or provisionally closed whose due date has passed. Written as a status list
-- (so that the partial indexes on those statuses apply) and as the moment after which the gap is
-- overdue (so that a reader or the roll counts the gaps that came overdue in a window with one index
-- range).
CREATE FUNCTION gap_can_be_overdue(status text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status IN ('open', 'provClosed') $$;
CREATE FUNCTION gap_overdue_after(due timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT due $$;
-- Never null: false without a due date.
CREATE FUNCTION gap_is_overdue(status text, due timestamptz, at timestamptz) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT gap_can_be_overdue(status) AND due IS NOT NULL AND gap_overdue_after(due) < at
$$;
-- Overdue at `until` and not at `since` (since <= until): what a count kept "as of" `since` adds.
CREATE FUNCTION gap_came_overdue(status text, due timestamptz, since timestamptz, until timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT gap_can_be_overdue(status) AND gap_overdue_after(due) >= since
    AND gap_overdue_after(due) < until
$$;
-- The status shown: 'overdue' when overdue, else the stored one.
CREATE FUNCTION gap_display_status(status text, due timestamptz, at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN gap_is_overdue(status, due, at) THEN 'overdue' ELSE status END
$$;

-- Closed by its due date: closed, and last closed no later than it.
CREATE FUNCTION gap_closed_on_time(status text, closed_at timestamptz, due timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT gap_is_closed(status) AND coalesce(closed_at <= due, false)
$$;

-- Completion: the closed share of the gaps, in whole percent; 0 with no gaps.
CREATE FUNCTION completion_percentage(closed bigint, total bigint) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN total = 0 THEN 0 ELSE round(100.0 * closed / total) END)::integer
$$;

-- A plan's overall status from its gap counts (plan_is_closed and plan_is_prov_closed, 0032).
CREATE FUNCTION plan_overall_status(total bigint, closed bigint, prov_closed bigint, overdue bigint)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN total = 0 THEN 'pending'
    WHEN plan_is_closed(total::integer, closed::integer) THEN 'closed'
    WHEN overdue > 0 THEN 'overdue'
    WHEN plan_is_prov_closed(total::integer, closed::integer, prov_closed::integer) THEN 'provClosed'
    ELSE 'open' END
$$;

-- The "as of" arithmetic shared by the company summaries' roll, recount and readers: the gaps of a
-- company and firm that came overdue in [since, until) (since may be '-infinity'), open and
-- provisionally closed, from one range of the (company, firm, due date) index. One row; a set, so
-- that the planner inlines it into the query reading it (FROM or LATERAL).
CREATE FUNCTION company_gaps_came_overdue(company uuid, firm uuid, since timestamptz,
  until timestamptz)
RETURNS TABLE (open integer, prov_closed integer) LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (count(*) FILTER (WHERE g.status = 'open'))::integer,
    (count(*) FILTER (WHERE gap_is_prov_closed(g.status)))::integer
  FROM gaps g
  WHERE g.target_company_id = company AND g.auditor_id = firm
    AND gap_came_overdue(g.status, g.due_date, since, until)
$$;

-- When the first gap of a company and firm comes overdue from `since` on (no row: none can). A set,
-- inlined like the above: read it as (SELECT n FROM company_gaps_next_overdue(...) n).
CREATE FUNCTION company_gaps_next_overdue(company uuid, firm uuid, since timestamptz)
RETURNS SETOF timestamptz LANGUAGE sql STABLE PARALLEL SAFE ROWS 1 AS $$
  SELECT gap_overdue_after(g.due_date) FROM gaps g
  WHERE g.target_company_id = company AND g.auditor_id = firm
    AND gap_can_be_overdue(g.status) AND gap_overdue_after(g.due_date) >= since
  ORDER BY gap_overdue_after(g.due_date) LIMIT 1
$$;

-- The per-plan summary's earliest moment a gap comes overdue (earliest_open_due): the plan is
-- overdue once it has passed.
CREATE OR REPLACE FUNCTION action_plan_summaries_refresh_due(plan_ids uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM action_plan_summaries WHERE action_plan_id = ANY (plan_ids)
    ORDER BY action_plan_id FOR UPDATE;
  UPDATE action_plan_summaries s SET earliest_open_due = (
    SELECT min(gap_overdue_after(g.due_date)) FROM gaps g
    WHERE g.action_plan_id = s.action_plan_id AND gap_can_be_overdue(g.status))
  WHERE s.action_plan_id = ANY (plan_ids);
END $$;

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
  GROUP BY c.plan_id, ap.target_company_id, a.auditor_id, ap.category, ap.timeline
  -- One lock order for every writer, so two multi-plan writes cannot deadlock.
  ORDER BY c.plan_id
  ON CONFLICT (action_plan_id) DO UPDATE SET
    total = s.total + EXCLUDED.total, closed = s.closed + EXCLUDED.closed,
    prov_closed = s.prov_closed + EXCLUDED.prov_closed, low = s.low + EXCLUDED.low,
    moderate = s.moderate + EXCLUDED.moderate, high = s.high + EXCLUDED.high;
$$;

-- Removes (sign -1) or adds (sign 1) gap rows to their company and firm's summary (0027).
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

-- Removes (sign -1) or adds (sign 1) the gap rows to the detail summaries of their company and firm
-- (0029). The ageing bands count the gaps overdue 30, 90 and 180 days (of 24 hours) before the
-- row's moment.
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
  WHERE NOT gap_is_closed(g.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, requirement) DO UPDATE SET
    low = d.low + EXCLUDED.low, moderate = d.moderate + EXCLUDED.moderate,
    high = d.high + EXCLUDED.high, overdue = d.overdue + EXCLUDED.overdue;

  INSERT INTO company_sdg_summaries AS d (target_company_id, auditor_id, sdg, open)
  SELECT g.target_company_id, g.auditor_id, x.sdg, sign * count(*)
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(g.impacted_sdgs) AS x (sdg)
  WHERE NOT gap_is_closed(g.status)
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, sdg) DO UPDATE SET open = d.open + EXCLUDED.open;

  INSERT INTO company_closure_summaries AS d (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    sign * count(*),
    sign * count(*) FILTER (WHERE gap_closed_on_time(g.status, g.closed_at, g.due_date))
  FROM unnest(rows) g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  WHERE g.due_date < t.overdue_as_of
  GROUP BY 1, 2, 3
  ON CONFLICT (target_company_id, auditor_id, quarter) DO UPDATE SET
    due = d.due + EXCLUDED.due, on_time = d.on_time + EXCLUDED.on_time;
END $$;

-- Moves overdue_as_of to `cutoff` (0029): every count kept "as of" the moment takes the gaps that
-- came overdue in between (company_gaps_came_overdue, shifted by each ageing band).
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
    AND g.due_date >= k.moment AND g.due_date < cutoff
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

-- Every count kept "as of" a moment, recounted from the gaps as of `moment` (0029), and the detail
-- summaries rebuilt: the same arithmetic as the roll, from '-infinity'.
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
  WHERE NOT gap_is_closed(g.status)
  GROUP BY 1, 2, 3;

  DELETE FROM company_sdg_summaries;
  INSERT INTO company_sdg_summaries (target_company_id, auditor_id, sdg, open)
  SELECT g.target_company_id, g.auditor_id, x.sdg, count(*)
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  CROSS JOIN LATERAL unnest(g.impacted_sdgs) AS x (sdg)
  WHERE NOT gap_is_closed(g.status)
  GROUP BY 1, 2, 3;

  DELETE FROM company_closure_summaries;
  INSERT INTO company_closure_summaries (target_company_id, auditor_id, quarter, due, on_time)
  SELECT g.target_company_id, g.auditor_id, date_trunc('quarter', g.due_date AT TIME ZONE 'UTC')::date,
    count(*), count(*) FILTER (WHERE gap_closed_on_time(g.status, g.closed_at, g.due_date))
  FROM gaps g
  JOIN company_summaries t ON t.target_company_id = g.target_company_id AND t.auditor_id = g.auditor_id
  WHERE g.due_date < moment
  GROUP BY 1, 2, 3;
END $$;

-- The per-plan earliest moments and the company summaries recounted by these rules (the same
-- figures as before under the rules as they stand; after a change of a rule, its new figures).
SELECT action_plan_summaries_refresh_due(ARRAY(SELECT action_plan_id FROM action_plan_summaries));
SELECT company_summaries_recount(now());
