-- Serious E&S incidents (docs/decisions/0099-serious-incidents.md): the company's report and its
-- photos, the client's clocks, the root-cause analysis, the client's questions, the corrective actions as gaps,
-- and the daily scan's escalation of a late root-cause analysis.

-- The client's clocks, in days after the event; a client without a row has the defaults
-- (DEFAULT_INCIDENT_CLOCKS: 3 and 30).
CREATE TABLE incident_clock_settings (
  client_id uuid PRIMARY KEY REFERENCES clients (id) ON DELETE CASCADE,
  notify_within_days integer NOT NULL CHECK (notify_within_days BETWEEN 1 AND 365),
  root_cause_within_days integer NOT NULL CHECK (root_cause_within_days BETWEEN 1 AND 365),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The lender is told when Verity tells the client, at the report: `lender_notified_at` is the
-- report's moment. The due days are the client's days (its time zone), fixed by the clocks at the
-- report and moved only when the event's moment is corrected.
CREATE TABLE incidents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN ('fatality', 'seriousInjury', 'spillOrRelease',
    'fireOrExplosion', 'labourUnrest', 'communityUnrest', 'pressAttention', 'other')),
  severity text NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
  occurred_at timestamptz NOT NULL,
  location text NOT NULL,
  description text NOT NULL,
  people_affected integer NOT NULL CHECK (people_affected >= 0),
  immediate_actions text NOT NULL DEFAULT '',
  reported_by uuid REFERENCES users (id) ON DELETE SET NULL,
  reported_by_name text NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now(),
  lender_notified_at timestamptz NOT NULL DEFAULT now(),
  notify_due_on date NOT NULL,
  root_cause_due_on date NOT NULL,
  root_cause text,
  root_cause_submitted_at timestamptz,
  closed_at timestamptz,
  revision integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT incidents_root_cause_written CHECK (root_cause_submitted_at IS NULL OR root_cause IS NOT NULL)
);
CREATE INDEX incidents_company_idx ON incidents (target_company_id, occurred_at DESC);

-- The incident's photos: stored and checked as remarks' images are (their evidence read from the
-- file), counted in the company's storage quota and the uploader's hourly rate.
CREATE TABLE incident_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text,
  width integer,
  height integer,
  captured_at timestamp,
  captured_utc_offset_minutes integer,
  camera text,
  gps_latitude double precision,
  gps_longitude double precision,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX incident_photos_incident_idx ON incident_photos (incident_id, created_at);
CREATE INDEX incident_photos_company_idx ON incident_photos (target_company_id);
CREATE INDEX incident_photos_uploader_idx ON incident_photos (uploaded_by, created_at);

-- The client's questions on an incident and the company's answers.
CREATE TABLE incident_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  question text NOT NULL,
  asked_by uuid REFERENCES users (id) ON DELETE SET NULL,
  asked_by_name text NOT NULL,
  asked_at timestamptz NOT NULL DEFAULT now(),
  answer text,
  answered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  answered_by_name text,
  answered_at timestamptz
);
CREATE INDEX incident_questions_incident_idx ON incident_questions (incident_id, asked_at);

-- The corrective actions of the root-cause analysis: gaps of the company's action plans.
CREATE TABLE incident_corrective_actions (
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  gap_id uuid NOT NULL REFERENCES gaps (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (incident_id, gap_id)
);
CREATE INDEX incident_corrective_actions_gap_idx ON incident_corrective_actions (gap_id);

-- The day of a moment for the client of a company: the incident clocks count the client's days.
CREATE FUNCTION incident_client_day(company_id uuid, at timestamptz) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE c.time_zone)::date
  FROM target_companies tc JOIN clients c ON c.id = tc.client_id
  WHERE tc.id = company_id
$$;

-- The one definition of a late root-cause analysis: not submitted, the incident open, and the
-- client's day at `at` past the due day.
CREATE FUNCTION incident_root_cause_late(i incidents, at timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT i.root_cause_submitted_at IS NULL AND i.closed_at IS NULL
    AND incident_client_day(i.target_company_id, at) > i.root_cause_due_on
$$;

-- Whether the lender was told in time: on or before the notification clock's due day.
CREATE FUNCTION incident_notified_in_time(i incidents) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT incident_client_day(i.target_company_id, i.lender_notified_at) <= i.notify_due_on
$$;

-- The daily scan's escalation of a late root-cause analysis, once per incident.
CREATE TABLE incident_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('incidentRootCauseLate')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT incident_notices_once UNIQUE (incident_id, kind)
);

ALTER TABLE notifications
  ADD COLUMN incident_id uuid REFERENCES incidents (id) ON DELETE CASCADE;

ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_kind_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_kind_check
  CHECK (kind IN ('dueSoon', 'overdue', 'escalation', 'closureRequested', 'closureReturned',
    'closureAccepted', 'extensionRequested', 'extensionAnswered', 'remarkAdded', 'reportSubmitted',
    'reportChangesRequested', 'reportAccepted', 'reportDueSoon', 'reportOverdue',
    'incidentReported', 'incidentRootCauseLate', 'incidentQuestionAsked', 'incidentQuestionAnswered',
    'digest'));
