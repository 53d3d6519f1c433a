-- Withdrawal of remarks and attachments, and what the storage quota and the upload rate count.

-- A withdrawn remark stays as a trace: who withdrew it and when; its text is erased.
ALTER TABLE remarks ADD COLUMN withdrawn_at timestamptz;
ALTER TABLE remarks ADD COLUMN withdrawn_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE remarks ADD COLUMN withdrawn_by_name text;
-- The organisation the author belonged to when writing, so its owners can withdraw the remark even
-- after the author's membership is gone.
ALTER TABLE remarks ADD COLUMN author_organisation_id uuid;
UPDATE remarks r SET author_organisation_id = COALESCE(u.client_id, u.auditor_id, u.target_company_id)
FROM users u WHERE u.id = r.user_id;
-- The upload rate counts a user's uploads of the last hour.
CREATE INDEX remarks_user_created_idx ON remarks (user_id, created_at);

-- A withdrawn attachment keeps its row (and size, which the upload rate still counts) but no file.
ALTER TABLE remark_documents ALTER COLUMN storage_key DROP NOT NULL;
ALTER TABLE remark_documents ADD COLUMN withdrawn_at timestamptz;
ALTER TABLE remark_documents ADD COLUMN withdrawn_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE remark_documents ADD COLUMN withdrawn_by_name text;
ALTER TABLE remark_documents ADD CONSTRAINT remark_documents_withdrawn_without_file
  CHECK ((withdrawn_at IS NULL) = (storage_key IS NOT NULL));

-- The company whose storage the file uses: the quota sums its attachments without walking its gaps.
ALTER TABLE remark_documents ADD COLUMN target_company_id uuid REFERENCES target_companies (id) ON DELETE CASCADE;
UPDATE remark_documents d SET target_company_id = g.target_company_id
FROM remarks r JOIN gaps g ON g.id = r.gap_id WHERE r.id = d.remark_id;

-- Filled from the remark's gap whoever inserts the row (the remark route, the demo seed, a manual fix).
CREATE FUNCTION remark_documents_fill_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.target_company_id IS NULL THEN
    SELECT g.target_company_id INTO NEW.target_company_id
    FROM remarks r JOIN gaps g ON g.id = r.gap_id WHERE r.id = NEW.remark_id;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER remark_documents_fill_company BEFORE INSERT ON remark_documents
  FOR EACH ROW EXECUTE FUNCTION remark_documents_fill_company();

ALTER TABLE remark_documents ALTER COLUMN target_company_id SET NOT NULL;
CREATE INDEX remark_documents_company_stored_idx ON remark_documents (target_company_id)
  INCLUDE (size) WHERE withdrawn_at IS NULL;

-- Until when the author may withdraw the remark (or its attachments): set when it is posted, from the
-- window configured then; null for a remark its author cannot withdraw.
ALTER TABLE remarks ADD COLUMN withdrawable_until timestamptz;
UPDATE remarks SET withdrawable_until = created_at + interval '24 hours';
