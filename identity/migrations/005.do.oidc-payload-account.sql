-- A password reset signs the account out everywhere: its sessions, grants and tokens are found by account.
CREATE INDEX oidc_payloads_account_id ON oidc_payloads ((payload ->> 'accountId'))
  WHERE payload ->> 'accountId' IS NOT NULL;
