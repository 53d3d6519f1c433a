-- The explorer filtered by a requirement (every matrix cell links there), of one company or of the
-- whole scope (docs/decisions/0073-explorer-company-requirement-index.md). One GIN index over the
-- gap's company and its requirement references: the company's gaps carrying the requirement are
-- found in the index, instead of every company's gaps with it being read and the others' dropped.
-- A multicolumn GIN index serves a condition on any of its columns alike, so a requirement without a
-- company reads it as it read the index on requirement_references alone, which it replaces.
-- btree_gin gives GIN the uuid's equality; a trusted extension (PostgreSQL 13+), which the
-- database's owner may create, and a contrib module PGlite is opened with (api/src/db/pglite-worker.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX gaps_company_requirement_idx ON gaps USING gin (target_company_id, requirement_references);
DROP INDEX gaps_requirement_references_idx;
