-- Reminders, overdue escalation and notifications (docs/decisions.md "Notifications").

-- The organisation's time zone decides what "a day" is: when its daily scan runs, its reminders'
-- days, its Monday digest. IANA names, checked by the API (Intl); UTC until an owner sets one.
ALTER TABLE clients ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
ALTER TABLE auditors ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';
ALTER TABLE target_companies ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

-- A user's switches per kind; a kind without a row is on (the digest is never in the app).
CREATE TABLE notification_preferences (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('dueSoon', 'overdue', 'escalation', 'closureRequested',
    'closureReturned', 'closureAccepted', 'remarkAdded', 'digest')),
  email boolean NOT NULL,
  in_app boolean NOT NULL,
  PRIMARY KEY (user_id, kind),
  -- Escalations cannot be switched off.
  CONSTRAINT notification_preferences_escalation_on CHECK (kind <> 'escalation' OR (email AND in_app))
);

-- What the bell shows: one row per recipient, written in the transaction of what caused it.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  gap_id uuid REFERENCES gaps (id) ON DELETE CASCADE,
  action_plan_id uuid REFERENCES action_plans (id) ON DELETE CASCADE,
  target_company_id uuid REFERENCES target_companies (id) ON DELETE CASCADE,
  -- The gap's page in the reader's own area.
  link text,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_gap_idx ON notifications (gap_id) WHERE gap_id IS NOT NULL;

-- The scan's decisions: one per gap, kind and day (the day the notice is for, in the company's
-- time zone), so a scan run twice, or by two processes at once, sends nothing twice.
CREATE TABLE gap_notices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gap_id uuid NOT NULL REFERENCES gaps (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('dueSoon', 'overdue', 'escalation')),
  -- The due date it was decided on: a moved due date makes it stale (nothing is sent for it).
  due_date timestamptz NOT NULL,
  notice_day date NOT NULL,
  -- Days before the due date (reminders) or after it (overdue, escalation), on the day it was sent.
  days integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT gap_notices_once UNIQUE (gap_id, kind, notice_day)
);

-- The days each target company's scan has run (its own time zone): a missed day is caught up.
CREATE TABLE notification_scan_days (
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  day date NOT NULL,
  scanned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (target_company_id, day)
);

-- One weekly digest per user and week (the Monday it is for, in the organisation's time zone).
CREATE TABLE notification_digests (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  week_start date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, week_start)
);
