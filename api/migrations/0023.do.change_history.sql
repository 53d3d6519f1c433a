-- The change history of gaps and action plans, and their versions (docs/decisions.md "Change history
-- and stale writes"). Every change is written in the same transaction as the change itself.

-- Grows by one with every change: a write based on an older version is refused (409).
ALTER TABLE gaps ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE action_plans ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);

CREATE TABLE change_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The order entries were written in (several share one transaction's time).
  position bigint GENERATED ALWAYS AS IDENTITY,
  entity text NOT NULL CHECK (entity IN ('gap', 'actionPlan')),
  action_plan_id uuid NOT NULL REFERENCES action_plans (id) ON DELETE CASCADE,
  gap_id uuid REFERENCES gaps (id) ON DELETE CASCADE,
  field text NOT NULL,
  old_value jsonb,
  new_value jsonb,
  reason text,
  -- The version of the gap or plan this change made.
  version integer NOT NULL,
  -- Who, as they were: no foreign key, so an entry outlives the user's membership unchanged.
  changed_by uuid,
  changed_by_name text NOT NULL,
  changed_by_user_type text NOT NULL CHECK (changed_by_user_type IN ('client', 'auditor', 'targetCompany')),
  changed_by_role text NOT NULL CHECK (changed_by_role IN ('owner', 'admin', 'editor', 'viewer')),
  changed_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((entity = 'gap') = (gap_id IS NOT NULL))
);
CREATE INDEX change_history_gap_idx ON change_history (gap_id, changed_at DESC, position DESC)
  WHERE gap_id IS NOT NULL;
-- A plan's own entries, and the cascade of a plan's deletion.
CREATE INDEX change_history_plan_idx ON change_history (action_plan_id, entity, changed_at DESC, position DESC);

-- Append-only: no UPDATE, and no DELETE but the cascade of deleting the gap or plan an entry is about
-- (by then that row is gone). No route deletes gaps or plans; their audit's or company's removal does.
CREATE FUNCTION change_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND (
    NOT EXISTS (SELECT 1 FROM action_plans WHERE id = OLD.action_plan_id)
    OR (OLD.gap_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gaps WHERE id = OLD.gap_id))
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'change_history is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER change_history_append_only BEFORE UPDATE OR DELETE ON change_history
  FOR EACH ROW EXECUTE FUNCTION change_history_append_only();

CREATE FUNCTION change_history_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'change_history is append-only: TRUNCATE refused' USING ERRCODE = 'restrict_violation';
END $$;
CREATE TRIGGER change_history_no_truncate BEFORE TRUNCATE ON change_history
  FOR EACH STATEMENT EXECUTE FUNCTION change_history_no_truncate();
