-- API tokens (docs/decisions/0095-api-tokens.md): a system acting for an organisation with one of
-- its roles. Each token is a member of its organisation (a `users` row of kind 'token', so every
-- foreign key, the change history's "who" and the permission table treat it as they treat a
-- person); people's lists, notifications and sign-in leave such members out. Only the secret's
-- SHA-256 is kept: the secret itself is shown once, when the token is made.
ALTER TABLE users
  ADD COLUMN kind text NOT NULL DEFAULT 'person'
    CONSTRAINT users_kind_known CHECK (kind IN ('person', 'token')),
  -- A token never signs in, and never holds the owner's powers.
  ADD CONSTRAINT users_token_is_no_person CHECK (kind = 'person' OR (sub IS NULL AND role <> 'owner'));

CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The token's own membership: its name, organisation and role.
  user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  secret_sha256 bytea NOT NULL UNIQUE,
  -- The secret's last four characters, so a person can tell their tokens apart.
  secret_hint text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by_name text,
  CHECK (expires_at > created_at)
);
