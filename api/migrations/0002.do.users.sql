-- A membership: one person (identity account, by sub or email) in one organisation as one user type.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sub text,
  email text NOT NULL,
  fullname text NOT NULL DEFAULT '',
  user_type text NOT NULL CHECK (user_type IN ('client', 'auditor', 'targetCompany')),
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
  client_id uuid REFERENCES clients (id) ON DELETE CASCADE,
  auditor_id uuid REFERENCES auditors (id) ON DELETE CASCADE,
  target_company_id uuid REFERENCES target_companies (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_organisation_fits_user_type CHECK (
    (user_type = 'client' AND client_id IS NOT NULL AND auditor_id IS NULL AND target_company_id IS NULL)
    OR (user_type = 'auditor' AND auditor_id IS NOT NULL AND client_id IS NULL AND target_company_id IS NULL)
    OR (user_type = 'targetCompany' AND target_company_id IS NOT NULL AND client_id IS NULL AND auditor_id IS NULL)
  )
);
CREATE UNIQUE INDEX users_email_user_type_key ON users (lower(email), user_type);
CREATE UNIQUE INDEX users_sub_user_type_key ON users (sub, user_type) WHERE sub IS NOT NULL;
CREATE INDEX users_client_id_idx ON users (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX users_auditor_id_idx ON users (auditor_id) WHERE auditor_id IS NOT NULL;
CREATE INDEX users_target_company_id_idx ON users (target_company_id) WHERE target_company_id IS NOT NULL;
