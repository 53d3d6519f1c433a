-- Per action plan, the gap counts the dashboards read (docs/decisions.md "Dashboard summaries").
-- Triggers on gaps keep it in the same transaction as every gap write, so it cannot drift; what
-- depends on the clock (overdue) is not stored: the earliest due date among not-closed gaps is, and
-- readers compare it with now().
CREATE TABLE action_plan_summaries (
  action_plan_id uuid PRIMARY KEY REFERENCES action_plans (id) ON DELETE CASCADE,
  -- The plan's company (a plan never moves), so a dashboard reads only its company's rows.
  target_company_id uuid NOT NULL,
  total integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0,
  -- Gaps with status provClosed, overdue or not.
  prov_closed integer NOT NULL DEFAULT 0,
  low integer NOT NULL DEFAULT 0,
  moderate integer NOT NULL DEFAULT 0,
  high integer NOT NULL DEFAULT 0,
  -- Null when every gap is closed or has no due date.
  earliest_open_due timestamptz
);
CREATE INDEX action_plan_summaries_company_idx ON action_plan_summaries (target_company_id);

-- The not-closed gaps of a plan by due date: the earliest one, and the overdue ones counted at read time.
CREATE INDEX gaps_plan_open_due_idx ON gaps (action_plan_id, due_date) INCLUDE (status)
  WHERE status <> 'closed';

-- Adds (sign 1) or removes (sign -1) the gaps of one transition table to their plans' counts.
-- Called by the statement triggers below, which pass the rows as arrays (a transition table is
-- only visible to its own trigger function).
CREATE FUNCTION action_plan_summaries_add(sign integer, plan_ids uuid[], statuses text[], risks text[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO action_plan_summaries AS s
    (action_plan_id, target_company_id, total, closed, prov_closed, low, moderate, high)
  SELECT c.plan_id, ap.target_company_id, sign * count(*), sign * count(*) FILTER (WHERE c.status = 'closed'),
    sign * count(*) FILTER (WHERE c.status = 'provClosed'),
    sign * count(*) FILTER (WHERE c.risk = 'low'), sign * count(*) FILTER (WHERE c.risk = 'moderate'),
    sign * count(*) FILTER (WHERE c.risk = 'high')
  FROM unnest(plan_ids, statuses, risks) AS c (plan_id, status, risk)
  -- A plan deleted in this transaction takes its summary with it (cascade): nothing to count.
  JOIN action_plans ap ON ap.id = c.plan_id
  GROUP BY c.plan_id, ap.target_company_id
  -- One lock order for every writer, so two multi-plan writes cannot deadlock.
  ORDER BY c.plan_id
  ON CONFLICT (action_plan_id) DO UPDATE SET
    total = s.total + EXCLUDED.total, closed = s.closed + EXCLUDED.closed,
    prov_closed = s.prov_closed + EXCLUDED.prov_closed, low = s.low + EXCLUDED.low,
    moderate = s.moderate + EXCLUDED.moderate, high = s.high + EXCLUDED.high;
$$;

-- The earliest due date is recomputed, not added. The rows are locked first (those the upsert above
-- locked already are no-ops; an edit of due dates only reaches here without it), so the UPDATE, a
-- later statement with its own snapshot (read committed), sees every committed write to their gaps.
CREATE FUNCTION action_plan_summaries_refresh_due(plan_ids uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM action_plan_summaries WHERE action_plan_id = ANY (plan_ids)
    ORDER BY action_plan_id FOR UPDATE;
  UPDATE action_plan_summaries s SET earliest_open_due = (
    SELECT min(g.due_date) FROM gaps g WHERE g.action_plan_id = s.action_plan_id AND g.status <> 'closed')
  WHERE s.action_plan_id = ANY (plan_ids);
END $$;

CREATE FUNCTION gaps_summarise_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plans uuid[];
BEGIN
  PERFORM action_plan_summaries_add(1, array_agg(action_plan_id), array_agg(status), array_agg(risk_severity))
    FROM new_gaps;
  SELECT array_agg(DISTINCT action_plan_id) INTO plans FROM new_gaps;
  PERFORM action_plan_summaries_refresh_due(plans);
  RETURN NULL;
END $$;

CREATE FUNCTION gaps_summarise_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plans uuid[];
BEGIN
  -- Only rows whose counted columns changed (most edits change texts only).
  PERFORM action_plan_summaries_add(-1, array_agg(o.action_plan_id), array_agg(o.status), array_agg(o.risk_severity))
    FROM old_gaps o JOIN new_gaps n ON n.id = o.id
    WHERE (o.action_plan_id, o.status, o.risk_severity) IS DISTINCT FROM (n.action_plan_id, n.status, n.risk_severity);
  PERFORM action_plan_summaries_add(1, array_agg(n.action_plan_id), array_agg(n.status), array_agg(n.risk_severity))
    FROM old_gaps o JOIN new_gaps n ON n.id = o.id
    WHERE (o.action_plan_id, o.status, o.risk_severity) IS DISTINCT FROM (n.action_plan_id, n.status, n.risk_severity);
  SELECT array_agg(DISTINCT p) INTO plans FROM (
    SELECT o.action_plan_id FROM old_gaps o JOIN new_gaps n ON n.id = o.id
      WHERE (o.action_plan_id, o.status, o.due_date) IS DISTINCT FROM (n.action_plan_id, n.status, n.due_date)
    UNION ALL
    SELECT n.action_plan_id FROM old_gaps o JOIN new_gaps n ON n.id = o.id
      WHERE (o.action_plan_id, o.status, o.due_date) IS DISTINCT FROM (n.action_plan_id, n.status, n.due_date)
  ) AS changed (p);
  PERFORM action_plan_summaries_refresh_due(plans);
  RETURN NULL;
END $$;

CREATE FUNCTION gaps_summarise_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plans uuid[];
BEGIN
  PERFORM action_plan_summaries_add(-1, array_agg(action_plan_id), array_agg(status), array_agg(risk_severity))
    FROM old_gaps;
  SELECT array_agg(DISTINCT action_plan_id) INTO plans FROM old_gaps;
  PERFORM action_plan_summaries_refresh_due(plans);
  RETURN NULL;
END $$;

CREATE TRIGGER gaps_summarise_insert AFTER INSERT ON gaps
  REFERENCING NEW TABLE AS new_gaps FOR EACH STATEMENT EXECUTE FUNCTION gaps_summarise_insert();
CREATE TRIGGER gaps_summarise_update AFTER UPDATE ON gaps
  REFERENCING OLD TABLE AS old_gaps NEW TABLE AS new_gaps FOR EACH STATEMENT EXECUTE FUNCTION gaps_summarise_update();
CREATE TRIGGER gaps_summarise_delete AFTER DELETE ON gaps
  REFERENCING OLD TABLE AS old_gaps FOR EACH STATEMENT EXECUTE FUNCTION gaps_summarise_delete();

-- Backfill from the gaps already stored.
INSERT INTO action_plan_summaries
  (action_plan_id, target_company_id, total, closed, prov_closed, low, moderate, high, earliest_open_due)
SELECT g.action_plan_id, ap.target_company_id, count(*), count(*) FILTER (WHERE g.status = 'closed'),
  count(*) FILTER (WHERE g.status = 'provClosed'), count(*) FILTER (WHERE g.risk_severity = 'low'),
  count(*) FILTER (WHERE g.risk_severity = 'moderate'), count(*) FILTER (WHERE g.risk_severity = 'high'),
  min(g.due_date) FILTER (WHERE g.status <> 'closed')
FROM gaps g JOIN action_plans ap ON ap.id = g.action_plan_id
GROUP BY g.action_plan_id, ap.target_company_id;

-- A plan's gaps in export order (created, id), so the CSV export reads them presorted; it replaces the
-- (action_plan_id, created_at DESC) index, which it also serves (a backward scan).
CREATE INDEX gaps_plan_created_idx ON gaps (action_plan_id, created_at, id);
DROP INDEX gaps_action_plan_idx;
