-- The users' search (issue 16's paged lists): each user's name and e-mail kept lowercased, written
-- with the row, so a search compares bytes (LIKE against the lowercased pattern) instead of folding
-- the case of every name and address of the organisation on every call (ILIKE). The same matches:
-- ILIKE is lower() of both sides. Measured in docs/performance.md "The users' search".
ALTER TABLE users
  ADD COLUMN fullname_folded text GENERATED ALWAYS AS (lower(fullname)) STORED,
  ADD COLUMN email_folded text GENERATED ALWAYS AS (lower(email)) STORED;
