-- Accounts: the id is the OpenID subject (sub); emails are stored lower-case and unique.
CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  picture text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX accounts_email_unique ON accounts (lower(email));
