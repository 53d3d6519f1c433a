-- The dashboards count a company's gaps per action plan and risk: this index answers that without
-- reading the table (an index-only scan already in action-plan order).
CREATE INDEX gaps_company_plan_risk_idx ON gaps (target_company_id, action_plan_id, risk_severity)
  INCLUDE (status, due_date);
