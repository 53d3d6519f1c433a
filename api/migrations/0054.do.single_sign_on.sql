-- Single sign-on (docs/decisions/0098-single-sign-on.md): an organisation's own OpenID Connect
-- provider, which its members with an address at its domain then sign in through.
CREATE TABLE sso_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_type text NOT NULL CHECK (user_type IN ('client', 'auditor', 'targetCompany')),
  client_id uuid UNIQUE REFERENCES clients (id) ON DELETE CASCADE,
  auditor_id uuid UNIQUE REFERENCES auditors (id) ON DELETE CASCADE,
  target_company_id uuid UNIQUE REFERENCES target_companies (id) ON DELETE CASCADE,
  issuer text NOT NULL,
  oidc_client_id text NOT NULL,
  -- Sent to the provider at every sign-in, so kept as it is; never answered nor logged.
  oidc_client_secret text NOT NULL,
  -- Set by the owner's successful test sign-in with these settings: the domain of the owner's own
  -- address, which the provider vouched for. Cleared when the settings change.
  domain text,
  tested_at timestamptz,
  tested_by_name text,
  required boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by_name text NOT NULL,
  CONSTRAINT sso_connections_organisation CHECK (
    (user_type = 'client' AND client_id IS NOT NULL AND auditor_id IS NULL AND target_company_id IS NULL)
    OR (user_type = 'auditor' AND auditor_id IS NOT NULL AND client_id IS NULL AND target_company_id IS NULL)
    OR (user_type = 'targetCompany' AND target_company_id IS NOT NULL AND client_id IS NULL AND auditor_id IS NULL)
  ),
  CONSTRAINT sso_connections_required_tested CHECK (NOT required OR (domain IS NOT NULL AND tested_at IS NOT NULL))
);
-- One organisation's provider per domain: sign-in routes an address by its domain alone.
CREATE UNIQUE INDEX sso_connections_domain ON sso_connections (domain) WHERE domain IS NOT NULL;

-- The provider's subject of a member who signed in through it: the member's account there from then
-- on (an address that changes at the provider keeps its member). Unique within an organisation.
ALTER TABLE users ADD COLUMN sso_subject text;
CREATE UNIQUE INDEX users_sso_subject ON users (COALESCE(client_id, auditor_id, target_company_id), sso_subject)
  WHERE sso_subject IS NOT NULL;

-- Whether a session began with a sign-in through the organisation's provider: requiring single
-- sign-on ends the others of the members it applies to.
ALTER TABLE sessions ADD COLUMN through_sso boolean NOT NULL DEFAULT false;

-- The domain of an address: what follows its last @, lower-case.
CREATE FUNCTION email_domain(email text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(substring(email FROM '@([^@]*)$')) $$;

-- The one rule of who must sign in through their organisation's provider: a member who is a person,
-- not an owner (owners keep Verity's own sign-in, so a broken provider never locks an organisation
-- out), with an address at the domain of their organisation's provider, once it is required.
CREATE FUNCTION sso_required_for(member users) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT member.kind = 'person' AND member.role <> 'owner' AND EXISTS (
      SELECT 1 FROM sso_connections k
      WHERE k.required AND k.domain = email_domain(member.email)
        AND COALESCE(k.client_id, k.auditor_id, k.target_company_id)
          = COALESCE(member.client_id, member.auditor_id, member.target_company_id))
  $$;
