-- Lender sign-off (docs/decisions/0085-lender-sign-off.md) and due-date extensions
-- (docs/decisions/0086-due-date-extensions.md).

-- An acceptance keeps the reviewer's comment, the site visit (date and who; site verification
-- only) and the evidence warnings the reviewer said they checked. Earlier acceptances keep nulls.
ALTER TABLE closure_requests
  ADD COLUMN comment text,
  ADD COLUMN visit_date date,
  ADD COLUMN visited_by text,
  ADD COLUMN checked_flags text[] NOT NULL DEFAULT '{}',
  ADD CONSTRAINT closure_requests_visit_whole CHECK ((visit_date IS NULL) = (visited_by IS NULL)),
  ADD CONSTRAINT closure_requests_visit_is_site CHECK (visit_date IS NULL OR method = 'site'),
  ADD CONSTRAINT closure_requests_checked_flags CHECK (
    checked_flags <@ ARRAY['takenBeforeGap', 'sameFileOnAnotherGap']::text[]);

-- Who answers a company's request for a later due date: the client (default) or the auditor firm.
ALTER TABLE clients ADD COLUMN extension_approver text NOT NULL DEFAULT 'client'
  CHECK (extension_approver IN ('client', 'auditor'));

-- One row per request; its answer fills in the rest. The people are kept as they were.
CREATE TABLE gap_extension_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gap_id uuid NOT NULL REFERENCES gaps (id) ON DELETE CASCADE,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  requested_by_name text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  current_due_date timestamptz,
  new_due_date timestamptz NOT NULL,
  reason text NOT NULL,
  decision text CHECK (decision IN ('approve', 'decline')),
  comment text,
  answered_by uuid REFERENCES users (id) ON DELETE SET NULL,
  answered_by_name text,
  answered_by_user_type text CHECK (answered_by_user_type IN ('client', 'auditor')),
  answered_at timestamptz,
  CONSTRAINT gap_extension_requests_answer_whole CHECK (
    (decision IS NULL AND answered_at IS NULL AND answered_by_name IS NULL AND comment IS NULL)
    OR (decision IS NOT NULL AND answered_at IS NOT NULL AND answered_by_name IS NOT NULL)
  )
);
CREATE INDEX gap_extension_requests_gap_idx ON gap_extension_requests (gap_id, requested_at DESC);
-- At most one request waits for an answer per gap.
CREATE UNIQUE INDEX gap_extension_requests_one_open_idx ON gap_extension_requests (gap_id)
  WHERE decision IS NULL;

-- Two notification kinds: a request told to whoever answers it, the answer told to the company.
ALTER TABLE notification_preferences DROP CONSTRAINT notification_preferences_kind_check;
ALTER TABLE notification_preferences ADD CONSTRAINT notification_preferences_kind_check
  CHECK (kind IN ('dueSoon', 'overdue', 'escalation', 'closureRequested', 'closureReturned',
    'closureAccepted', 'extensionRequested', 'extensionAnswered', 'remarkAdded', 'digest'));
