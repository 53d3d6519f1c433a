-- oidc-provider's sessions, interactions, grants and tokens, one row per model instance.
CREATE TABLE oidc_payloads (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  PRIMARY KEY (model, id)
);

CREATE INDEX oidc_payloads_grant_id ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_user_code ON oidc_payloads (user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_expires_at ON oidc_payloads (expires_at);

-- Private signing keys (JWK), generated once on first start; the oldest signs.
CREATE TABLE signing_keys (
  kid text PRIMARY KEY,
  jwk jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
