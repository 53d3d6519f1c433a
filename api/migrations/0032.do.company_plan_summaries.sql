-- Per target company and auditor firm, the plan counts of the dashboards' plan pies (status overview,
-- category, timeline; docs/decisions.md "Dashboard summaries"), so the client dashboard reads one row
-- per company and firm, whatever the number of plans. Kept from the per-plan summaries (0008) by
-- triggers on them, in the same transaction as every write that changes a plan's counts.

-- The per-plan summary carries all a plan's counts depend on: beside its gaps' counts, its firm,
-- category and timeline (copies the triggers below keep), and every plan has one, a plan without gaps
-- too. A plan deleted takes its summary row with it, and that row's copies say what to take away.
ALTER TABLE action_plan_summaries
  ADD COLUMN auditor_id uuid,
  ADD COLUMN category text,
  ADD COLUMN timeline timestamptz;
INSERT INTO action_plan_summaries (action_plan_id, target_company_id)
  SELECT ap.id, ap.target_company_id FROM action_plans ap
  ON CONFLICT (action_plan_id) DO NOTHING;
UPDATE action_plan_summaries s SET auditor_id = a.auditor_id, category = ap.category, timeline = ap.timeline
  FROM action_plans ap JOIN audits a ON a.id = ap.audit_id
  WHERE ap.id = s.action_plan_id;
ALTER TABLE action_plan_summaries
  ALTER COLUMN auditor_id SET NOT NULL,
  ALTER COLUMN category SET NOT NULL;

-- Lock order. Gap writers lock their company and firm's gap summary (company_summaries) first, then
-- their plans' summaries (0027). Every writer below does the same, and locks the plan counts
-- (company_plan_summaries) last: company_summaries_lock takes the company and firm's row first
-- (making it if there is none yet, so a writer that makes it at the same moment is waited for).
CREATE FUNCTION company_summaries_lock(companies uuid[], firms uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_summaries (target_company_id, auditor_id)
  SELECT DISTINCT c.company, c.firm FROM unnest(companies, firms) AS c (company, firm)
  WHERE EXISTS (SELECT 1 FROM target_companies tc WHERE tc.id = c.company)
    AND EXISTS (SELECT 1 FROM auditors a WHERE a.id = c.firm)
  ORDER BY 1, 2
  ON CONFLICT (target_company_id, auditor_id) DO NOTHING;
  PERFORM 1 FROM company_summaries s
  WHERE (s.target_company_id, s.auditor_id) IN (SELECT * FROM unnest(companies, firms))
  ORDER BY s.target_company_id, s.auditor_id FOR UPDATE;
END $$;

-- The per-plan summary's upsert also fills the copies, should a plan's row ever be missing.
CREATE OR REPLACE FUNCTION action_plan_summaries_add(sign integer, plan_ids uuid[], statuses text[], risks text[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO action_plan_summaries AS s
    (action_plan_id, target_company_id, auditor_id, category, timeline,
     total, closed, prov_closed, low, moderate, high)
  SELECT c.plan_id, ap.target_company_id, a.auditor_id, ap.category, ap.timeline,
    sign * count(*), sign * count(*) FILTER (WHERE c.status = 'closed'),
    sign * count(*) FILTER (WHERE c.status = 'provClosed'),
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

-- A plan made, or its audit, category or timeline changed: its summary row follows.
CREATE FUNCTION action_plans_summary_copies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  firm uuid;
  old_firm uuid;
BEGIN
  SELECT a.auditor_id INTO firm FROM audits a WHERE a.id = NEW.audit_id;
  IF TG_OP = 'UPDATE' THEN
    SELECT s.auditor_id INTO old_firm FROM action_plan_summaries s WHERE s.action_plan_id = NEW.id;
  END IF;
  PERFORM company_summaries_lock(
    ARRAY[NEW.target_company_id, NEW.target_company_id], ARRAY[firm, coalesce(old_firm, firm)]);
  INSERT INTO action_plan_summaries (action_plan_id, target_company_id, auditor_id, category, timeline)
  VALUES (NEW.id, NEW.target_company_id, firm, NEW.category, NEW.timeline)
  ON CONFLICT (action_plan_id) DO UPDATE SET
    auditor_id = EXCLUDED.auditor_id, category = EXCLUDED.category, timeline = EXCLUDED.timeline;
  RETURN NULL;
END $$;
CREATE TRIGGER action_plans_summary_insert AFTER INSERT ON action_plans
  FOR EACH ROW EXECUTE FUNCTION action_plans_summary_copies();
CREATE TRIGGER action_plans_summary_update AFTER UPDATE OF audit_id, category, timeline ON action_plans
  FOR EACH ROW
  WHEN ((OLD.audit_id, OLD.category, OLD.timeline) IS DISTINCT FROM (NEW.audit_id, NEW.category, NEW.timeline))
  EXECUTE FUNCTION action_plans_summary_copies();

-- An audit given to another firm (not done by the product today) takes its plans along.
CREATE FUNCTION audits_summary_firm() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_summaries_lock(
    ARRAY[NEW.target_company_id, OLD.target_company_id], ARRAY[NEW.auditor_id, OLD.auditor_id]);
  UPDATE action_plan_summaries s SET auditor_id = NEW.auditor_id
  FROM action_plans ap WHERE ap.audit_id = NEW.id AND s.action_plan_id = ap.id;
  RETURN NULL;
END $$;
CREATE TRIGGER audits_summary_firm AFTER UPDATE OF auditor_id ON audits
  FOR EACH ROW WHEN (OLD.auditor_id IS DISTINCT FROM NEW.auditor_id)
  EXECUTE FUNCTION audits_summary_firm();

-- What depends on the clock is kept "as of" a moment, as in company_summaries: timeline_passed counts
-- the plans not closed whose timeline is before as_of, prov_overdue the provisionally closed plans
-- (every gap closed or provisionally closed, not all closed) whose earliest not-closed due date is
-- before as_of; next_moment is a lower bound of those timelines and due dates from as_of on (none in
-- [as_of, next_moment); null: none). A reader adds the plans that passed in [as_of, now()) only for
-- the rows whose next_moment has passed; company_plan_summaries_roll moves as_of forward.
CREATE TABLE company_plan_summaries (
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  auditor_id uuid NOT NULL REFERENCES auditors (id) ON DELETE CASCADE,
  plans integer NOT NULL DEFAULT 0,
  -- Plans with gaps, all closed.
  closed integer NOT NULL DEFAULT 0,
  -- Plans with gaps, all closed or provisionally closed, not all closed (overdue or not).
  prov_closed integer NOT NULL DEFAULT 0,
  environment integer NOT NULL DEFAULT 0,
  social integer NOT NULL DEFAULT 0,
  governance integer NOT NULL DEFAULT 0,
  prosperity integer NOT NULL DEFAULT 0,
  -- Plans not closed without a timeline.
  untimed integer NOT NULL DEFAULT 0,
  as_of timestamptz NOT NULL DEFAULT now(),
  timeline_passed integer NOT NULL DEFAULT 0,
  prov_overdue integer NOT NULL DEFAULT 0,
  next_moment timestamptz,
  PRIMARY KEY (target_company_id, auditor_id)
);
CREATE INDEX company_plan_summaries_auditor_idx ON company_plan_summaries (auditor_id, target_company_id);

-- The plans of a company and firm by timeline and by earliest due date: what readers add past as_of.
CREATE INDEX action_plan_summaries_timeline_idx
  ON action_plan_summaries (target_company_id, auditor_id, timeline) WHERE timeline IS NOT NULL;
CREATE INDEX action_plan_summaries_due_idx
  ON action_plan_summaries (target_company_id, auditor_id, earliest_open_due)
  WHERE earliest_open_due IS NOT NULL;

-- Whether a plan's counts make it closed, or provisionally closed.
CREATE FUNCTION plan_is_closed(total integer, closed integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$ SELECT total > 0 AND closed = total $$;
CREATE FUNCTION plan_is_prov_closed(total integer, closed integer, prov_closed integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$ SELECT total > 0 AND closed < total AND closed + prov_closed = total $$;

-- Removes (sign -1) or adds (sign 1) per-plan summary rows to their company and firm's plan counts.
CREATE FUNCTION company_plan_summaries_add(signs integer[], companies uuid[], firms uuid[],
  categories text[], timelines timestamptz[], totals integer[], closeds integer[], provs integer[],
  dues timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_summaries_lock(companies, firms);
  INSERT INTO company_plan_summaries AS s (target_company_id, auditor_id, plans, closed, prov_closed,
    environment, social, governance, prosperity, untimed)
  SELECT c.company, c.firm, sum(c.sign),
    coalesce(sum(c.sign) FILTER (WHERE plan_is_closed(c.total, c.closed)), 0),
    coalesce(sum(c.sign) FILTER (WHERE plan_is_prov_closed(c.total, c.closed, c.prov)), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.category = 'environment'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.category = 'social'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.category = 'governance'), 0),
    coalesce(sum(c.sign) FILTER (WHERE c.category = 'prosperity'), 0),
    coalesce(sum(c.sign) FILTER (WHERE NOT plan_is_closed(c.total, c.closed) AND c.timeline IS NULL), 0)
  FROM unnest(signs, companies, firms, categories, timelines, totals, closeds, provs)
    AS c (sign, company, firm, category, timeline, total, closed, prov)
  -- A company or firm deleted in this transaction takes its rows with it: nothing to count.
  WHERE EXISTS (SELECT 1 FROM target_companies tc WHERE tc.id = c.company)
    AND EXISTS (SELECT 1 FROM auditors a WHERE a.id = c.firm)
  GROUP BY c.company, c.firm
  ORDER BY c.company, c.firm
  ON CONFLICT (target_company_id, auditor_id) DO UPDATE SET
    plans = s.plans + EXCLUDED.plans, closed = s.closed + EXCLUDED.closed,
    prov_closed = s.prov_closed + EXCLUDED.prov_closed,
    environment = s.environment + EXCLUDED.environment, social = s.social + EXCLUDED.social,
    governance = s.governance + EXCLUDED.governance, prosperity = s.prosperity + EXCLUDED.prosperity,
    untimed = s.untimed + EXCLUDED.untimed;

  -- The counts as of each row's as_of, in this later statement: the rows are locked, so no roll
  -- moves as_of between the reading and the writing.
  UPDATE company_plan_summaries s SET
    timeline_passed = s.timeline_passed + d.timeline_passed,
    prov_overdue = s.prov_overdue + d.prov_overdue,
    next_moment = least(s.next_moment, d.next_timeline, d.next_due)
  FROM (
    SELECT t.target_company_id, t.auditor_id,
      coalesce(sum(c.sign) FILTER (WHERE NOT plan_is_closed(c.total, c.closed)
        AND c.timeline < t.as_of), 0) AS timeline_passed,
      coalesce(sum(c.sign) FILTER (WHERE plan_is_prov_closed(c.total, c.closed, c.prov)
        AND c.due < t.as_of), 0) AS prov_overdue,
      min(c.timeline) FILTER (WHERE c.sign = 1 AND NOT plan_is_closed(c.total, c.closed)
        AND c.timeline >= t.as_of) AS next_timeline,
      min(c.due) FILTER (WHERE c.sign = 1 AND plan_is_prov_closed(c.total, c.closed, c.prov)
        AND c.due >= t.as_of) AS next_due
    FROM unnest(signs, companies, firms, timelines, totals, closeds, provs, dues)
      AS c (sign, company, firm, timeline, total, closed, prov, due)
    JOIN company_plan_summaries t ON t.target_company_id = c.company AND t.auditor_id = c.firm
    GROUP BY t.target_company_id, t.auditor_id
  ) d
  WHERE s.target_company_id = d.target_company_id AND s.auditor_id = d.auditor_id;
END $$;

CREATE FUNCTION action_plan_summaries_company_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_plan_summaries_add(array_agg(1), array_agg(target_company_id), array_agg(auditor_id),
      array_agg(category), array_agg(timeline), array_agg(total), array_agg(closed),
      array_agg(prov_closed), array_agg(earliest_open_due))
    FROM new_rows
    HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION action_plan_summaries_company_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose counted columns changed (a risk change counts nothing here): out the old, in the new.
  PERFORM company_plan_summaries_add(array_agg(x.sign), array_agg(x.company), array_agg(x.firm),
      array_agg(x.category), array_agg(x.timeline), array_agg(x.total), array_agg(x.closed),
      array_agg(x.prov), array_agg(x.due))
    FROM (
      SELECT -1, o.target_company_id, o.auditor_id, o.category, o.timeline, o.total, o.closed,
        o.prov_closed, o.earliest_open_due
      FROM old_rows o JOIN new_rows n ON n.action_plan_id = o.action_plan_id
      WHERE (o.target_company_id, o.auditor_id, o.category, o.timeline, o.total, o.closed,
          o.prov_closed, o.earliest_open_due)
        IS DISTINCT FROM (n.target_company_id, n.auditor_id, n.category, n.timeline, n.total, n.closed,
          n.prov_closed, n.earliest_open_due)
      UNION ALL
      SELECT 1, n.target_company_id, n.auditor_id, n.category, n.timeline, n.total, n.closed,
        n.prov_closed, n.earliest_open_due
      FROM old_rows o JOIN new_rows n ON n.action_plan_id = o.action_plan_id
      WHERE (o.target_company_id, o.auditor_id, o.category, o.timeline, o.total, o.closed,
          o.prov_closed, o.earliest_open_due)
        IS DISTINCT FROM (n.target_company_id, n.auditor_id, n.category, n.timeline, n.total, n.closed,
          n.prov_closed, n.earliest_open_due)
    ) AS x (sign, company, firm, category, timeline, total, closed, prov, due)
    HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE FUNCTION action_plan_summaries_company_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM company_plan_summaries_add(array_agg(-1), array_agg(target_company_id), array_agg(auditor_id),
      array_agg(category), array_agg(timeline), array_agg(total), array_agg(closed),
      array_agg(prov_closed), array_agg(earliest_open_due))
    FROM old_rows
    HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER action_plan_summaries_company_insert AFTER INSERT ON action_plan_summaries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION action_plan_summaries_company_insert();
CREATE TRIGGER action_plan_summaries_company_update AFTER UPDATE ON action_plan_summaries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION action_plan_summaries_company_update();
CREATE TRIGGER action_plan_summaries_company_delete AFTER DELETE ON action_plan_summaries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION action_plan_summaries_company_delete();

-- Moves as_of to `cutoff` (at most now()) on the rows whose next_moment has passed it: the plans that
-- passed in between join the stored counts, and next_moment becomes exact. Changes no figure (a reader
-- adds those plans itself); it keeps what readers add small. Returns the rows moved.
CREATE FUNCTION company_plan_summaries_roll(cutoff timestamptz)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  companies uuid[];
  firms uuid[];
  moved integer;
BEGIN
  IF cutoff > now() THEN
    RAISE EXCEPTION 'company_plan_summaries_roll: cutoff % is after now()', cutoff;
  END IF;
  -- The rows to move, locked in the writers' order; a row that came due meanwhile waits for the next
  -- roll. Only plan count rows are locked: a writer holding one holds its gap summary row already.
  SELECT array_agg(l.target_company_id), array_agg(l.auditor_id) INTO companies, firms
  FROM (
    SELECT target_company_id, auditor_id FROM company_plan_summaries WHERE next_moment < cutoff
    ORDER BY target_company_id, auditor_id FOR UPDATE
  ) l;
  UPDATE company_plan_summaries s SET
    timeline_passed = s.timeline_passed + c.timeline_passed,
    prov_overdue = s.prov_overdue + c.prov_overdue,
    as_of = cutoff,
    next_moment = least(c.next_timeline, c.next_due)
  FROM (
    SELECT t.target_company_id, t.auditor_id,
      count(*) FILTER (WHERE NOT plan_is_closed(p.total, p.closed)
        AND p.timeline >= t.as_of AND p.timeline < cutoff) AS timeline_passed,
      count(*) FILTER (WHERE plan_is_prov_closed(p.total, p.closed, p.prov_closed)
        AND p.earliest_open_due >= t.as_of AND p.earliest_open_due < cutoff) AS prov_overdue,
      min(p.timeline) FILTER (WHERE NOT plan_is_closed(p.total, p.closed)
        AND p.timeline >= cutoff) AS next_timeline,
      min(p.earliest_open_due) FILTER (WHERE plan_is_prov_closed(p.total, p.closed, p.prov_closed)
        AND p.earliest_open_due >= cutoff) AS next_due
    FROM company_plan_summaries t
    LEFT JOIN action_plan_summaries p
      ON p.target_company_id = t.target_company_id AND p.auditor_id = t.auditor_id
    WHERE (t.target_company_id, t.auditor_id) IN (SELECT * FROM unnest(companies, firms))
    GROUP BY t.target_company_id, t.auditor_id
  ) c
  WHERE s.target_company_id = c.target_company_id AND s.auditor_id = c.auditor_id;
  GET DIAGNOSTICS moved = ROW_COUNT;
  RETURN moved;
END $$;

-- Every plan count recounted from the per-plan summaries, as of `moment` (at most now()): the backfill
-- below, and a repair should a count ever be in doubt. Locks the rows as the writers do.
CREATE FUNCTION company_plan_summaries_recount(moment timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF moment > now() THEN
    RAISE EXCEPTION 'company_plan_summaries_recount: moment % is after now()', moment;
  END IF;
  PERFORM 1 FROM company_summaries ORDER BY target_company_id, auditor_id FOR UPDATE;
  PERFORM 1 FROM company_plan_summaries ORDER BY target_company_id, auditor_id FOR UPDATE;
  DELETE FROM company_plan_summaries;
  INSERT INTO company_plan_summaries (target_company_id, auditor_id, plans, closed, prov_closed,
    environment, social, governance, prosperity, untimed, as_of, timeline_passed, prov_overdue,
    next_moment)
  SELECT p.target_company_id, p.auditor_id, count(*),
    count(*) FILTER (WHERE plan_is_closed(p.total, p.closed)),
    count(*) FILTER (WHERE plan_is_prov_closed(p.total, p.closed, p.prov_closed)),
    count(*) FILTER (WHERE p.category = 'environment'),
    count(*) FILTER (WHERE p.category = 'social'),
    count(*) FILTER (WHERE p.category = 'governance'),
    count(*) FILTER (WHERE p.category = 'prosperity'),
    count(*) FILTER (WHERE NOT plan_is_closed(p.total, p.closed) AND p.timeline IS NULL),
    moment,
    count(*) FILTER (WHERE NOT plan_is_closed(p.total, p.closed) AND p.timeline < moment),
    count(*) FILTER (WHERE plan_is_prov_closed(p.total, p.closed, p.prov_closed)
      AND p.earliest_open_due < moment),
    least(
      min(p.timeline) FILTER (WHERE NOT plan_is_closed(p.total, p.closed) AND p.timeline >= moment),
      min(p.earliest_open_due) FILTER (WHERE plan_is_prov_closed(p.total, p.closed, p.prov_closed)
        AND p.earliest_open_due >= moment))
  FROM action_plan_summaries p
  GROUP BY p.target_company_id, p.auditor_id;
END $$;

SELECT company_plan_summaries_recount(now());
