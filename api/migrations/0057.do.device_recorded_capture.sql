-- A photo taken on site whose file carries no capture time may come with the device's own record
-- (docs/decisions/0102-photos-prepared-on-the-device.md): its clock, with its UTC offset, and its
-- position when the browser was allowed to read it. Kept in the capture columns as the camera's
-- would be; this column says which of them the device recorded, so readers are told.
ALTER TABLE remark_documents ADD COLUMN device_recorded text[] NOT NULL DEFAULT '{}'
  CHECK (device_recorded IN ('{}', '{capturedAt}', '{capturedAt,gps}'));
ALTER TABLE remark_documents ADD CONSTRAINT remark_documents_device_recorded_kept
  CHECK ((NOT 'capturedAt' = ANY (device_recorded) OR captured_at IS NOT NULL)
    AND (NOT 'gps' = ANY (device_recorded) OR gps_latitude IS NOT NULL));

ALTER TABLE incident_photos ADD COLUMN device_recorded text[] NOT NULL DEFAULT '{}'
  CHECK (device_recorded IN ('{}', '{capturedAt}', '{capturedAt,gps}'));
ALTER TABLE incident_photos ADD CONSTRAINT incident_photos_device_recorded_kept
  CHECK ((NOT 'capturedAt' = ANY (device_recorded) OR captured_at IS NOT NULL)
    AND (NOT 'gps' = ANY (device_recorded) OR gps_latitude IS NOT NULL));
