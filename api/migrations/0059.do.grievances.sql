-- The company's grievance log (docs/decisions/0104-grievances.md): each grievance received, then
-- acknowledged, investigated, resolved and closed with the complainant's response, each step with
-- its day; the company's own targets; and the company users who may see complainants' identities.

-- The company's targets, in days after the day received; a company without a row has the defaults
-- (DEFAULT_GRIEVANCE_TARGETS: 7 and 30).
CREATE TABLE grievance_targets (
  target_company_id uuid PRIMARY KEY REFERENCES target_companies (id) ON DELETE CASCADE,
  acknowledge_within_days integer NOT NULL CHECK (acknowledge_within_days BETWEEN 1 AND 365),
  resolve_within_days integer NOT NULL CHECK (resolve_within_days BETWEEN 1 AND 365),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The company users, named by its owner, who see the complainants' names and contacts.
CREATE TABLE grievance_identity_viewers (
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (target_company_id, user_id)
);

-- The due days are fixed by the company's targets when the grievance is recorded.
CREATE TABLE grievances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('inPerson', 'phone', 'letter', 'email', 'suggestionBox',
    'hotline', 'communityMeeting', 'other')),
  received_on date NOT NULL,
  complainant_type text NOT NULL CHECK (complainant_type IN ('worker', 'contractorWorker', 'community')),
  category text NOT NULL CHECK (category IN ('wagesAndBenefits', 'workingConditions',
    'healthAndSafety', 'harassmentOrDiscrimination', 'land', 'environment', 'communityImpact',
    'other')),
  description text NOT NULL,
  anonymous boolean NOT NULL,
  complainant_name text,
  complainant_contact text,
  acknowledge_due_on date NOT NULL,
  resolve_due_on date NOT NULL,
  acknowledged_on date,
  investigated_on date,
  investigation text,
  resolved_on date,
  resolution text,
  closed_on date,
  complainant_response text CHECK (complainant_response IN ('satisfied', 'notSatisfied', 'noResponse')),
  recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  recorded_by_name text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  revision integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT grievances_anonymous_nameless CHECK (NOT anonymous
    OR (complainant_name IS NULL AND complainant_contact IS NULL)),
  CONSTRAINT grievances_named CHECK (anonymous OR complainant_name IS NOT NULL),
  CONSTRAINT grievances_steps_in_order CHECK (
    (investigated_on IS NULL OR acknowledged_on IS NOT NULL)
    AND (resolved_on IS NULL OR investigated_on IS NOT NULL)
    AND (closed_on IS NULL OR (resolved_on IS NOT NULL AND complainant_response IS NOT NULL)))
);
CREATE INDEX grievances_company_idx ON grievances (target_company_id, received_on DESC);

-- The one definition of a late grievance: acknowledged after its due day, or not yet and the
-- client's day at `at` past it; or likewise for the resolution. Days are the client's, as the
-- incident clocks' (incident_client_day, migration 0056).
CREATE FUNCTION grievance_late(g grievances, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT COALESCE(g.acknowledged_on, incident_client_day(g.target_company_id, at)) > g.acknowledge_due_on
    OR COALESCE(g.resolved_on, incident_client_day(g.target_company_id, at)) > g.resolve_due_on
$$;
