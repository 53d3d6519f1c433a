-- The organisation lists are read newest first within their tenant: index the order with the filter.
CREATE INDEX target_companies_client_created_idx ON target_companies (client_id, created_at DESC);
CREATE INDEX client_auditors_client_created_idx ON client_auditors (client_id, created_at DESC);
CREATE INDEX company_auditors_company_created_idx ON company_auditors (target_company_id, created_at DESC);
CREATE INDEX users_client_created_idx ON users (client_id, created_at DESC) WHERE client_id IS NOT NULL;
CREATE INDEX users_auditor_created_idx ON users (auditor_id, created_at DESC) WHERE auditor_id IS NOT NULL;
CREATE INDEX users_company_created_idx ON users (target_company_id, created_at DESC) WHERE target_company_id IS NOT NULL;
-- The three above serve every query the single-column ones served.
DROP INDEX users_client_id_idx;
DROP INDEX users_auditor_id_idx;
DROP INDEX users_target_company_id_idx;
