-- The closure loop: a target company asks for a gap to be closed on its evidence, a reviewer accepts
-- (desk review: provisionally closed; site verification: closed) or returns it with a reason.

-- 'pending': closure requested, waiting for review. Never set through the status selector.
ALTER TABLE gaps DROP CONSTRAINT gaps_status_check;
ALTER TABLE gaps ADD CONSTRAINT gaps_status_check
  CHECK (status IN ('open', 'closed', 'provClosed', 'pending'));
ALTER TABLE gap_status_history DROP CONSTRAINT gap_status_history_status_check;
ALTER TABLE gap_status_history ADD CONSTRAINT gap_status_history_status_check
  CHECK (status IN ('open', 'closed', 'provClosed', 'pending'));

-- One row per request; its review fills in the rest. The people are kept as they were.
CREATE TABLE closure_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gap_id uuid NOT NULL REFERENCES gaps (id) ON DELETE CASCADE,
  requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
  requested_by_name text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  note text,
  reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  reviewed_by_name text,
  reviewed_by_user_type text CHECK (reviewed_by_user_type IN ('client', 'auditor')),
  reviewed_at timestamptz,
  decision text CHECK (decision IN ('accept', 'return')),
  method text CHECK (method IN ('desk', 'site')),
  reason text,
  CONSTRAINT closure_requests_review_whole CHECK (
    (decision IS NULL AND reviewed_at IS NULL AND method IS NULL AND reason IS NULL)
    OR (decision = 'accept' AND reviewed_at IS NOT NULL AND method IS NOT NULL)
    OR (decision = 'return' AND reviewed_at IS NOT NULL AND reason IS NOT NULL AND method IS NULL)
  )
);
CREATE INDEX closure_requests_gap_idx ON closure_requests (gap_id, requested_at DESC);
-- At most one request waits for review per gap.
CREATE UNIQUE INDEX closure_requests_one_open_idx ON closure_requests (gap_id) WHERE decision IS NULL;

-- A client's portfolio may close gaps only through evidence review (off: the spec's selector as is).
ALTER TABLE clients ADD COLUMN closure_needs_review boolean NOT NULL DEFAULT false;

-- A gap waiting for its closure review is never overdue: the plans' earliest due date counts only
-- gaps neither closed nor pending.
CREATE OR REPLACE FUNCTION action_plan_summaries_refresh_due(plan_ids uuid[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM action_plan_summaries WHERE action_plan_id = ANY (plan_ids)
    ORDER BY action_plan_id FOR UPDATE;
  UPDATE action_plan_summaries s SET earliest_open_due = (
    SELECT min(g.due_date) FROM gaps g
    WHERE g.action_plan_id = s.action_plan_id AND g.status NOT IN ('closed', 'pending'))
  WHERE s.action_plan_id = ANY (plan_ids);
END $$;

DROP INDEX gaps_plan_open_due_idx;
CREATE INDEX gaps_plan_open_due_idx ON gaps (action_plan_id, due_date) INCLUDE (status)
  WHERE status NOT IN ('closed', 'pending');
