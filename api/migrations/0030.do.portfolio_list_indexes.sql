-- The portfolio's lists and the gap explorer's counts read these indexes alone (index-only scans):
-- the scope's company and firm are carried in them, so counting the overdue gaps of a risk, or the
-- open conditions of a type, does not visit the gap rows.

-- The most overdue gaps of a risk (and the explorer filtered by risk and overdue, by due date).
DROP INDEX gaps_risk_open_due_idx;
CREATE INDEX gaps_risk_open_due_idx ON gaps (risk_severity, due_date, id)
  INCLUDE (target_company_id, auditor_id)
  WHERE status IN ('open', 'provClosed');

-- The conditions of a type across the portfolio by due date (the portfolio's conditions precedent
-- and their count), whatever the status.
CREATE INDEX gaps_condition_due_idx ON gaps (condition_type, due_date, id)
  INCLUDE (status, target_company_id, auditor_id)
  WHERE condition_type IS NOT NULL;

-- The explorer filtered by a requirement or an SDG (every matrix cell and SDG bar links there): the
-- gaps carrying it, instead of reading every gap.
CREATE INDEX gaps_requirement_references_idx ON gaps USING gin (requirement_references);
CREATE INDEX gaps_impacted_sdgs_idx ON gaps USING gin (impacted_sdgs);

-- The explorer of one company sorted by risk, highest first (its expression is the explorer's risk
-- rank, api/src/portfolio/portfolio-gaps.ts): a page walks the company's gaps in that order.
CREATE INDEX gaps_company_risk_idx ON gaps (target_company_id,
  (CASE risk_severity WHEN 'high' THEN 3 WHEN 'moderate' THEN 2 ELSE 1 END) DESC NULLS LAST, id DESC);

-- The newest entry of the change history: part of the token that tells whether a portfolio answer
-- kept by the API still holds (api/src/portfolio/portfolio-figures.ts `portfolioToken`).
CREATE INDEX change_history_position_idx ON change_history (position);
