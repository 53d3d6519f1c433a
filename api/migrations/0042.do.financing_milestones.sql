-- A target company's financing milestones, and gaps due relative to one
-- (docs/decisions/0084-financing-milestones.md).
--
-- The company's loan has milestones: financial close and first disbursement always (the API answers
-- them without a row), and others its client names. Each has a date once reached. A gap may be due
-- a number of months and days after a milestone ("within 6 months of financial close"); its due date
-- is then the milestone's date plus that offset, written by the triggers below whenever the gap or
-- the milestone is written, in the same transaction. Until the milestone is reached the gap has no
-- due date: it is waiting, and gap_is_overdue (0038) is false for it, as for every gap without a due
-- date, so the summaries and their triggers count it as they count those.
CREATE TABLE target_company_milestones (
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  name text NOT NULL
    CONSTRAINT target_company_milestones_name_check
    CHECK (name = btrim(name) AND name <> '' AND char_length(name) <= 100),
  reached_on date,
  position integer NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX target_company_milestones_name_idx
  ON target_company_milestones (target_company_id, lower(name));

ALTER TABLE gaps
  ADD COLUMN due_milestone text
    CONSTRAINT gaps_due_milestone_check
    CHECK (due_milestone = btrim(due_milestone) AND due_milestone <> ''
      AND char_length(due_milestone) <= 100),
  ADD COLUMN due_offset_months integer NOT NULL DEFAULT 0
    CONSTRAINT gaps_due_offset_months_check CHECK (due_offset_months BETWEEN 0 AND 600),
  ADD COLUMN due_offset_days integer NOT NULL DEFAULT 0
    CONSTRAINT gaps_due_offset_days_check CHECK (due_offset_days BETWEEN 0 AND 3650),
  -- The loan agreement's clause a condition precedent or subsequent serves ("Clause 21.3(b)").
  ADD COLUMN loan_clause text
    CONSTRAINT gaps_loan_clause_check
    CHECK (loan_clause = btrim(loan_clause) AND loan_clause <> '' AND char_length(loan_clause) <= 100);
CREATE INDEX gaps_company_due_milestone_idx ON gaps (target_company_id, lower(due_milestone))
  WHERE due_milestone IS NOT NULL;

-- The due date of a gap due `months` and `days` after a milestone reached on `reached` (the day's
-- start in UTC, as every due date the forms send); null while the milestone is not reached. Months
-- first, then days; a month's end carries to the shorter month's end (31 January + 1 month is
-- 28 or 29 February). The browser's twin is shared-api's milestoneDueDate
-- (api/test/db/gap-rules.test.ts holds them equal).
CREATE FUNCTION milestone_due_date(reached date, months integer, days integer)
RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (reached + make_interval(months => months, days => days)) AT TIME ZONE 'UTC'
$$;

-- Waiting: due relative to a milestone not yet reached, so without a due date (never overdue).
CREATE FUNCTION gap_is_waiting(due_milestone text, due timestamptz) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT due_milestone IS NOT NULL AND due IS NULL $$;

-- A gap saved due relative to a milestone takes its due date from the milestone (null: waiting).
CREATE FUNCTION gaps_due_from_milestone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.due_date := (
    SELECT milestone_due_date(m.reached_on, NEW.due_offset_months, NEW.due_offset_days)
    FROM target_company_milestones m
    WHERE m.target_company_id = NEW.target_company_id AND lower(m.name) = lower(NEW.due_milestone));
  RETURN NEW;
END $$;
CREATE TRIGGER gaps_due_from_milestone
  BEFORE INSERT OR UPDATE OF due_milestone, due_offset_months, due_offset_days, due_date,
    target_company_id ON gaps
  FOR EACH ROW WHEN (NEW.due_milestone IS NOT NULL)
  EXECUTE FUNCTION gaps_due_from_milestone();

-- A milestone's date written (or the milestone removed) writes the due dates of the company's gaps
-- due relative to it, in the same statement's transaction; the summaries' triggers on gaps follow.
CREATE FUNCTION milestones_due_to_gaps() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND lower(OLD.name) <> lower(NEW.name)) THEN
    UPDATE gaps g SET due_date = NULL
    WHERE g.target_company_id = OLD.target_company_id
      AND lower(g.due_milestone) = lower(OLD.name) AND g.due_date IS NOT NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- The gaps' own trigger recomputes each due date from the milestone as it now stands.
    UPDATE gaps g SET due_date = milestone_due_date(NEW.reached_on, g.due_offset_months,
      g.due_offset_days)
    WHERE g.target_company_id = NEW.target_company_id
      AND lower(g.due_milestone) = lower(NEW.name)
      AND g.due_date IS DISTINCT FROM milestone_due_date(NEW.reached_on, g.due_offset_months,
        g.due_offset_days);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER milestones_due_to_gaps
  AFTER INSERT OR DELETE OR UPDATE OF name, reached_on ON target_company_milestones
  FOR EACH ROW EXECUTE FUNCTION milestones_due_to_gaps();
