-- Run once, when the postgres volume is first made: identity keeps its accounts in a database of
-- its own (IDENTITY_DATABASE_URL); the API's is POSTGRES_DB.
CREATE DATABASE verity_identity;
