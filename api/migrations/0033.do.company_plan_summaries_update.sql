-- The per-company plan counts' update trigger (0032) with its changed-columns condition written once:
-- each per-plan summary row whose counted columns changed gives its old values out (-1) and its new
-- ones in (+1) from the one join of old and new rows, instead of two joins with the same condition.
-- The same rows reach company_plan_summaries_add, which groups them by company and firm.
CREATE OR REPLACE FUNCTION action_plan_summaries_company_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A risk change counts nothing here: only rows whose counted columns changed.
  PERFORM company_plan_summaries_add(array_agg(x.sign), array_agg(x.company), array_agg(x.firm),
      array_agg(x.category), array_agg(x.timeline), array_agg(x.total), array_agg(x.closed),
      array_agg(x.prov), array_agg(x.due))
    FROM old_rows o
    JOIN new_rows n ON n.action_plan_id = o.action_plan_id
    CROSS JOIN LATERAL (VALUES
      (-1, o.target_company_id, o.auditor_id, o.category, o.timeline, o.total, o.closed,
        o.prov_closed, o.earliest_open_due),
      (1, n.target_company_id, n.auditor_id, n.category, n.timeline, n.total, n.closed,
        n.prov_closed, n.earliest_open_due)
    ) AS x (sign, company, firm, category, timeline, total, closed, prov, due)
    WHERE (o.target_company_id, o.auditor_id, o.category, o.timeline, o.total, o.closed,
        o.prov_closed, o.earliest_open_due)
      IS DISTINCT FROM (n.target_company_id, n.auditor_id, n.category, n.timeline, n.total, n.closed,
        n.prov_closed, n.earliest_open_due)
    HAVING count(*) > 0;
  RETURN NULL;
END $$;
