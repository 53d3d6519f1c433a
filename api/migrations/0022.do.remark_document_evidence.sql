-- What each stored image tells about itself, read once at upload: its SHA-256, its pixel size and,
-- when the image carries them, the camera's capture data (EXIF). Rows stored before this stay null:
-- their evidence was never read, and the API shows none for them. Withdrawal erases it with the file.
ALTER TABLE remark_documents ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
-- As shown (a JPEG's EXIF orientation 5 to 8 swaps them); null when the file's header cannot be read.
ALTER TABLE remark_documents ADD COLUMN width integer CHECK (width > 0);
ALTER TABLE remark_documents ADD COLUMN height integer CHECK (height > 0);
-- EXIF DateTimeOriginal is the camera's clock, without a time zone; OffsetTimeOriginal, when the image
-- has it, says which.
ALTER TABLE remark_documents ADD COLUMN captured_at timestamp;
ALTER TABLE remark_documents ADD COLUMN captured_utc_offset_minutes smallint
  CHECK (captured_utc_offset_minutes BETWEEN -720 AND 840);
ALTER TABLE remark_documents ADD COLUMN camera text CHECK (length(camera) <= 200);
ALTER TABLE remark_documents ADD COLUMN gps_latitude double precision
  CHECK (gps_latitude BETWEEN -90 AND 90);
ALTER TABLE remark_documents ADD COLUMN gps_longitude double precision
  CHECK (gps_longitude BETWEEN -180 AND 180);
ALTER TABLE remark_documents ADD CONSTRAINT remark_documents_gps_whole
  CHECK ((gps_latitude IS NULL) = (gps_longitude IS NULL));
ALTER TABLE remark_documents ADD CONSTRAINT remark_documents_evidence_with_file
  CHECK (sha256 IS NULL OR withdrawn_at IS NULL);

-- The same file on another gap of the client: looked up by hash for each image read.
CREATE INDEX remark_documents_sha256_idx ON remark_documents (sha256, created_at)
  WHERE sha256 IS NOT NULL;
