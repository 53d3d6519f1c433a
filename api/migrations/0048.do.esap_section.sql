-- The section of the ESAP an item sits under ('PR2 Labour and Working Conditions'), a lender field of
-- its own (docs/decisions/0091-esap-sections.md): optional on every form type, trimmed text of at
-- most 300 characters, as the API checks first.
ALTER TABLE gaps
  ADD COLUMN esap_section text
    CONSTRAINT gaps_esap_section_check CHECK (esap_section <> '' AND char_length(esap_section) <= 300);
