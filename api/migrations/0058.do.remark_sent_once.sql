-- A remark written on a phone without a signal waits on the device and is sent when the network is
-- back (docs/decisions/0101-offline-field-app.md). The device names each remark with a key of its
-- own (the request's Idempotency-Key); a remark sent again after its answer was lost is found by
-- that key instead of being added twice.
ALTER TABLE remarks ADD COLUMN client_key uuid;

CREATE UNIQUE INDEX remarks_client_key ON remarks (user_id, client_key) WHERE client_key IS NOT NULL;
