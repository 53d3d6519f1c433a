-- A lender's ESAP fields on gaps (docs/decisions.md "Lender fields (ESAP)"): all optional, on every
-- form type. The API checks the same values and lengths first, with the rules' words.
ALTER TABLE gaps
  ADD COLUMN esap_item_number text
    CONSTRAINT gaps_esap_item_number_check
    CHECK (esap_item_number = btrim(esap_item_number) AND esap_item_number <> '' AND char_length(esap_item_number) <= 20),
  ADD COLUMN requirement_references text[] NOT NULL DEFAULT '{}'
    CONSTRAINT gaps_requirement_references_check
    CHECK (requirement_references <@ ARRAY[
      'IFC PS1', 'IFC PS2', 'IFC PS3', 'IFC PS4', 'IFC PS5', 'IFC PS6', 'IFC PS7', 'IFC PS8',
      'EBRD PR1', 'EBRD PR2', 'EBRD PR3', 'EBRD PR4', 'EBRD PR5', 'EBRD PR6', 'EBRD PR7', 'EBRD PR8',
      'EBRD PR9', 'EBRD PR10',
      'EP1', 'EP2', 'EP3', 'EP4', 'EP5', 'EP6', 'EP7', 'EP8', 'EP9', 'EP10',
      'National law', 'Other']::text[]),
  ADD COLUMN completion_indicator text
    CONSTRAINT gaps_completion_indicator_check
    CHECK (completion_indicator <> '' AND char_length(completion_indicator) <= 2000),
  ADD COLUMN timetable text
    CONSTRAINT gaps_timetable_check CHECK (timetable <> '' AND char_length(timetable) <= 500),
  ADD COLUMN condition_type text
    CONSTRAINT gaps_condition_type_check
    CHECK (condition_type IN ('precedent', 'subsequent', 'ongoing', 'recurring'));

-- One ESAP item number per plan, compared without regard to case ('4.1a' is '4.1A'): a lender's
-- numbering does not tell items apart by case, and a second '4.1A' is a typing slip, not a new item.
CREATE UNIQUE INDEX gaps_plan_esap_item_number_idx ON gaps (action_plan_id, lower(esap_item_number))
  WHERE esap_item_number IS NOT NULL;
