-- When an account was last signed out everywhere (a password reset): the Verity API asks for these
-- (GET /sign-outs) and ends its own sessions of the account that began before it.
ALTER TABLE accounts ADD COLUMN signed_out_at timestamptz;
CREATE INDEX accounts_signed_out_at ON accounts (signed_out_at) WHERE signed_out_at IS NOT NULL;
