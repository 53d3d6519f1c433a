-- Annual monitoring reports (docs/decisions/0094-annual-monitoring-reports.md): the client's rule
-- for when a company reports, the reports per period, each submission frozen as a version, the
-- client's reviews with per-section comments, and the daily scan's report notices.

-- A company without a row reports under the default rule: annual, 31 December, due 60 days after.
CREATE TABLE monitoring_report_rules (
  target_company_id uuid PRIMARY KEY REFERENCES target_companies (id) ON DELETE CASCADE,
  frequency text NOT NULL CHECK (frequency IN ('annual', 'semiAnnual')),
  year_end_month integer NOT NULL CHECK (year_end_month BETWEEN 1 AND 12),
  year_end_day integer NOT NULL CHECK (year_end_day BETWEEN 1 AND 31),
  due_days integer NOT NULL CHECK (due_days BETWEEN 1 AND 365),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One report per company and period; its sections are the working text (the draft, or the text
-- being changed after a request for changes). `revision` refuses stale writes.
CREATE TABLE monitoring_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  period_start date NOT NULL,
  period_end date NOT NULL,
  due_on date NOT NULL,
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'submitted', 'changesRequested', 'accepted')),
  sections jsonb NOT NULL DEFAULT '{}',
  revision integer NOT NULL DEFAULT 1,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT monitoring_reports_period CHECK (period_start <= period_end AND period_end < due_on),
  CONSTRAINT monitoring_reports_once UNIQUE (target_company_id, period_end)
);

-- Each submission as it was sent: its sections and the figures as of that moment.
CREATE TABLE monitoring_report_versions (
  report_id uuid NOT NULL REFERENCES monitoring_reports (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  sections jsonb NOT NULL,
  figures jsonb NOT NULL,
  submitted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  submitted_by_name text NOT NULL,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (report_id, version)
);

-- The client's answer to a version: changes requested or accepted, its comment and the comments
-- per section. The reviewer's name is kept as it was.
CREATE TABLE monitoring_report_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL,
  version integer NOT NULL,
  decision text NOT NULL CHECK (decision IN ('requestChanges', 'accept')),
  comment text,
  section_comments jsonb NOT NULL DEFAULT '{}',
  reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  reviewed_by_name text NOT NULL,
  reviewed_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (report_id, version) REFERENCES monitoring_report_versions (report_id, version)
    ON DELETE CASCADE,
  CONSTRAINT monitoring_report_reviews_once UNIQUE (report_id, version)
);

-- The daily scan's report notices, one per company, period, kind and day: nothing is sent twice.
CREATE TABLE monitoring_report_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  period_end date NOT NULL,
  due_on date NOT NULL,
  kind text NOT NULL CHECK (kind IN ('reportDueSoon', 'reportOverdue')),
  notice_day date NOT NULL,
  days integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT monitoring_report_notices_once UNIQUE (target_company_id, period_end, kind, notice_day)
);

ALTER TABLE notifications
  ADD COLUMN monitoring_report_id uuid REFERENCES monitoring_reports (id) ON DELETE CASCADE;

ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_kind_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_kind_check
  CHECK (kind IN ('dueSoon', 'overdue', 'escalation', 'closureRequested', 'closureReturned',
    'closureAccepted', 'extensionRequested', 'extensionAnswered', 'remarkAdded', 'reportSubmitted',
    'reportChangesRequested', 'reportAccepted', 'reportDueSoon', 'reportOverdue', 'digest'));
