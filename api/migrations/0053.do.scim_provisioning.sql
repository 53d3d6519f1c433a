-- Provisioning (docs/decisions/0097-scim-provisioning.md): an organisation's directory creates,
-- changes and removes its members through SCIM 2.0, with a token made for that alone.
ALTER TABLE api_tokens
  ADD COLUMN purpose text NOT NULL DEFAULT 'api'
    CONSTRAINT api_tokens_purpose_known CHECK (purpose IN ('api', 'provisioning'));

-- The directory's own id of a member it provisioned (SCIM externalId).
ALTER TABLE users ADD COLUMN external_id text;
