-- The lender's own workbook a plan's ESAP was imported from, kept to write it back in its layout
-- (docs/decisions/0093-esap-back-in-the-lenders-layout.md): one per plan, the latest import's or
-- applied revision's. The bytes are in the attachments storage under `storage_key`; the row goes with
-- its plan, and the attachment sweep then removes the bytes no row names.
CREATE TABLE esap_workbooks (
  action_plan_id uuid PRIMARY KEY REFERENCES action_plans (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL CHECK (char_length(file_name) <= 255),
  -- The plan's revision the file is (0: the plan as created).
  revision integer NOT NULL CHECK (revision >= 0),
  -- The sheet the ESAP was read from, and its header rows (one, or two when merged over both).
  sheet_name text NOT NULL,
  header_rows integer[] NOT NULL,
  -- Each column the import read: letter, index, header as written, the field it was mapped to.
  columns jsonb NOT NULL,
  -- Each item row imported: its row number and item number; each section row: number and title.
  item_rows jsonb NOT NULL,
  section_rows jsonb NOT NULL,
  -- The last row of the ESAP's table (items, sections, footnotes).
  last_row integer NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
