-- A person may belong to several organisations of one user type (they choose one at sign-in): an
-- e-mail address and an identity account are unique within an organisation, not across tenants.
DROP INDEX users_email_user_type_key;
DROP INDEX users_sub_user_type_key;
CREATE UNIQUE INDEX users_organisation_email_key
  ON users (user_type, (COALESCE(client_id, auditor_id, target_company_id)), (lower(email)));
CREATE UNIQUE INDEX users_organisation_sub_key
  ON users (user_type, (COALESCE(client_id, auditor_id, target_company_id)), sub) WHERE sub IS NOT NULL;
-- Sign-in finds a person's memberships by account, and the unclaimed ones by e-mail.
CREATE INDEX users_sub_user_type_idx ON users (sub, user_type) WHERE sub IS NOT NULL;
CREATE INDEX users_email_user_type_idx ON users ((lower(email)), user_type);
