-- The resources (or investment) an ESAP item needs, a lender field of its own (docs/decisions/0089-esap-import-meanings.md):
-- optional on every form type, trimmed text of at most 2,000 characters, as the API checks first.
ALTER TABLE gaps
  ADD COLUMN resources text
    CONSTRAINT gaps_resources_check CHECK (resources <> '' AND char_length(resources) <= 2000);

-- The table of ESAP statuses a client's user confirmed on the import screen, remembered for the
-- client's next import: each status (compared as esapStatusKey compares it) to the gap status an
-- import sets, 'open' or 'provClosed', or NULL to keep it as text only.
CREATE TABLE esap_status_mappings (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  status_key text NOT NULL CONSTRAINT esap_status_mappings_key_check
    CHECK (status_key <> '' AND char_length(status_key) <= 200),
  target text CONSTRAINT esap_status_mappings_target_check CHECK (target IN ('open', 'provClosed')),
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, status_key)
);
