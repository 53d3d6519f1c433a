-- The three kinds of organisation: clients (the tenancy root), auditor firms and the target companies a client audits.
CREATE TABLE clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auditors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  auditor_name text NOT NULL,
  registered_name text,
  email_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- An engagement: the client works with this auditor firm.
CREATE TABLE client_auditors (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  auditor_id uuid NOT NULL REFERENCES auditors (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, auditor_id)
);
CREATE INDEX client_auditors_auditor_id_idx ON client_auditors (auditor_id);

CREATE TABLE target_companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  target_company_name text NOT NULL,
  registered_name text,
  email_id text NOT NULL,
  company_type text NOT NULL DEFAULT 'borrower'
    CHECK (company_type IN ('borrower', 'contractor', 'sister_concern', 'subsidiary', 'partner')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX target_companies_client_id_idx ON target_companies (client_id);
