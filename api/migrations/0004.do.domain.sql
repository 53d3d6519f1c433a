-- The audit domain: who audits which company, the audits, their action plans and gaps, the gaps'
-- status history and remarks with their image attachments.

-- The account that a target company or auditor firm was created for (its first owner).
ALTER TABLE target_companies ADD COLUMN sub text;
ALTER TABLE target_companies ADD COLUMN fullname text NOT NULL DEFAULT '';
ALTER TABLE auditors ADD COLUMN sub text;

-- An auditor firm assigned to a target company, with the kinds of audit it may do there.
CREATE TABLE company_auditors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  auditor_id uuid NOT NULL REFERENCES auditors (id) ON DELETE CASCADE,
  audit_types text[] NOT NULL DEFAULT '{}',
  audit_categories text[] NOT NULL DEFAULT '{}',
  form_types text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (target_company_id, auditor_id)
);
CREATE INDEX company_auditors_auditor_id_idx ON company_auditors (auditor_id, target_company_id);

CREATE TABLE audits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  auditor_id uuid NOT NULL REFERENCES auditors (id) ON DELETE CASCADE,
  audit_type text NOT NULL CHECK (audit_type IN ('normal_audit', 'dd', 'esap')),
  audit_category text NOT NULL,
  audit_form text NOT NULL CHECK (audit_form IN ('ap', 'capa', 'mp', 'recommendation')),
  -- Custom field definitions: [{ id, name, placeholder, type, other, options }]
  fields jsonb NOT NULL DEFAULT '[]',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audits_company_auditor_idx ON audits (target_company_id, auditor_id, created_at DESC);
CREATE INDEX audits_auditor_id_idx ON audits (auditor_id);

CREATE TABLE action_plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  audit_id uuid NOT NULL REFERENCES audits (id) ON DELETE CASCADE,
  -- Copied from the audit so every company-scoped query filters on one indexed column.
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  action_plan_heading text NOT NULL,
  category text NOT NULL CHECK (category IN ('environment', 'social', 'governance', 'prosperity')),
  form_type text NOT NULL CHECK (form_type IN ('ap', 'capa', 'mp', 'recommendation')),
  timeline timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX action_plans_audit_idx ON action_plans (audit_id, created_at DESC);
CREATE INDEX action_plans_company_idx ON action_plans (target_company_id, created_at DESC);

CREATE TABLE gaps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  action_plan_id uuid NOT NULL REFERENCES action_plans (id) ON DELETE CASCADE,
  target_company_id uuid NOT NULL REFERENCES target_companies (id) ON DELETE CASCADE,
  kpi text NOT NULL,
  gap_name text NOT NULL,
  recommendation text NOT NULL,
  responsibility text NOT NULL,
  action_taken_by_company text NOT NULL DEFAULT '',
  residual_risk text NOT NULL DEFAULT '',
  risk_severity text NOT NULL DEFAULT 'moderate' CHECK (risk_severity IN ('low', 'moderate', 'high')),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'provClosed')),
  due_date timestamptz,
  esg_aspect text CHECK (esg_aspect IN ('Environmental', 'Social', 'Governance')),
  timeline timestamptz,
  area_code text,
  amount_currency text CHECK (amount_currency IN ('USD', 'INR')),
  amount_value numeric(18, 2) CHECK (amount_value >= 0),
  impacted_sdgs text[] NOT NULL DEFAULT '{}',
  -- Custom field values: { fieldId: { name, value } }
  fields jsonb NOT NULL DEFAULT '{}',
  -- Add-on values: { addOnId: { name, value } }
  add_ons jsonb NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gaps_action_plan_idx ON gaps (action_plan_id, created_at DESC);
CREATE INDEX gaps_company_status_idx ON gaps (target_company_id, status, due_date);

CREATE TABLE gap_status_history (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gap_id uuid NOT NULL REFERENCES gaps (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('open', 'closed', 'provClosed')),
  changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gap_status_history_gap_idx ON gap_status_history (gap_id, changed_at);

CREATE TABLE remarks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gap_id uuid NOT NULL REFERENCES gaps (id) ON DELETE CASCADE,
  comments text NOT NULL,
  -- The author as they were when they wrote it (spec: remark.user).
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  user_type text NOT NULL CHECK (user_type IN ('client', 'auditor', 'targetCompany')),
  fullname text NOT NULL,
  role text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX remarks_gap_idx ON remarks (gap_id, created_at);

CREATE TABLE remark_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  remark_id uuid NOT NULL REFERENCES remarks (id) ON DELETE CASCADE,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX remark_documents_remark_idx ON remark_documents (remark_id);
