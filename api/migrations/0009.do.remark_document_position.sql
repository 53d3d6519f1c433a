-- The place of each document in its upload, so a remark's photos always come back in the order sent
-- (timestamps of one upload can tie).
ALTER TABLE remark_documents ADD COLUMN position integer NOT NULL DEFAULT 0;
