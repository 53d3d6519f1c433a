-- One-time links sent by e-mail (confirming an address, resetting a password). Only a SHA-256 of
-- each token is kept, so the table alone cannot be used to take an account over.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX account_tokens_account ON account_tokens (account_id, purpose);
CREATE INDEX account_tokens_expires_at ON account_tokens (expires_at);
