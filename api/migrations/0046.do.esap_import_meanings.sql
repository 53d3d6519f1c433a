-- The resources (or investment) an ESAP item needs, a lender field of its own (docs/decisions/0089-esap-import-meanings.md):
-- optional on every form type, trimmed text of at most 2,000 characters, as the API checks first.
ALTER TABLE gaps
  ADD COLUMN resources text
    CONSTRAINT gaps_resources_check CHECK (resources <> '' AND char_length(resources) <= 2000);
