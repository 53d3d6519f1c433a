-- The incident clocks and the grievance targets count the company's days, in the company's own
-- time zone, as the reminders count a gap's due day (migration 0025). They counted the client's.

-- The day of a moment for a company: the one definition the clocks and the targets call.
CREATE FUNCTION company_day(company_id uuid, at timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE tc.time_zone)::date FROM target_companies tc WHERE tc.id = company_id
$$;

-- An incident's due days move to the company's day of the event, keeping their clocks' lengths.
UPDATE incidents SET
  notify_due_on = company_day(target_company_id, occurred_at)
    + (notify_due_on - incident_client_day(target_company_id, occurred_at)),
  root_cause_due_on = company_day(target_company_id, occurred_at)
    + (root_cause_due_on - incident_client_day(target_company_id, occurred_at));

CREATE OR REPLACE FUNCTION incident_root_cause_late(i incidents, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT i.root_cause_submitted_at IS NULL AND i.closed_at IS NULL
    AND company_day(i.target_company_id, at) > i.root_cause_due_on
$$;

CREATE OR REPLACE FUNCTION incident_notified_in_time(i incidents) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT company_day(i.target_company_id, i.lender_notified_at) <= i.notify_due_on
$$;

-- Days left to a grievance's target: its due day less the day the step was taken or, while it is
-- not, the company's day at `at`; below zero once late. The screens show it as the API answers it.
CREATE FUNCTION grievance_days_left(due date, taken date, company_id uuid, at timestamptz)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT due - COALESCE(taken, company_day(company_id, at))
$$;

CREATE OR REPLACE FUNCTION grievance_late(g grievances, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT grievance_days_left(g.acknowledge_due_on, g.acknowledged_on, g.target_company_id, at) < 0
    OR grievance_days_left(g.resolve_due_on, g.resolved_on, g.target_company_id, at) < 0
$$;

DROP FUNCTION incident_client_day(uuid, timestamptz);
