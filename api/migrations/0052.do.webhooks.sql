-- Webhooks (docs/decisions/0096-webhooks.md): an organisation's owner subscribes an HTTPS endpoint to
-- events of its tenancy; each event makes one delivery per subscribed endpoint, in the transaction
-- of the write that caused it, and a job of the queue sends it (signed, retried with back-off).
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_type text NOT NULL CHECK (user_type IN ('client', 'auditor', 'targetCompany')),
  client_id uuid REFERENCES clients (id) ON DELETE CASCADE,
  auditor_id uuid REFERENCES auditors (id) ON DELETE CASCADE,
  target_company_id uuid REFERENCES target_companies (id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  -- The signing secret must be kept as it is (the receiver checks an HMAC made with it); a rolled
  -- secret keeps signing beside the new one for a day, so the receiver can switch over.
  secret text NOT NULL,
  previous_secret text,
  previous_secret_until timestamptz,
  enabled boolean NOT NULL DEFAULT true,
  -- Deliveries that failed every try, one after another; the endpoint is switched off at the limit.
  consecutive_failures integer NOT NULL DEFAULT 0,
  disabled_at timestamptz,
  disabled_reason text,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_endpoints_organisation CHECK (
    (user_type = 'client' AND client_id IS NOT NULL AND auditor_id IS NULL AND target_company_id IS NULL)
    OR (user_type = 'auditor' AND auditor_id IS NOT NULL AND client_id IS NULL AND target_company_id IS NULL)
    OR (user_type = 'targetCompany' AND target_company_id IS NOT NULL AND client_id IS NULL AND auditor_id IS NULL)
  )
);
CREATE INDEX webhook_endpoints_client_idx ON webhook_endpoints (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX webhook_endpoints_auditor_idx ON webhook_endpoints (auditor_id) WHERE auditor_id IS NOT NULL;
CREATE INDEX webhook_endpoints_company_idx ON webhook_endpoints (target_company_id)
  WHERE target_company_id IS NOT NULL;

CREATE TABLE webhook_deliveries (
  -- Also the delivery's `webhook-id`: the same on every try, so a receiver can drop a repeat.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_attempt_at timestamptz,
  response_status integer,
  -- The start of the receiver's answer, or why there was none.
  response_excerpt text,
  delivered_at timestamptz
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id);

-- The queue of deliveries: each job sends one delivery, retried with back-off (the API sets the
-- limit and delay from its configuration when it starts).
SELECT pgboss.create_queue('webhook-delivery', '{"policy":"standard","retryLimit":8,"retryDelay":30,"retryBackoff":true,"expireInSeconds":120}');

-- An event of a plan's tenancy: one delivery for each switched-on endpoint subscribed to it of the
-- organisations that see the plan (its company's client, its audit's firm, the company), and each
-- delivery's job, in the caller's transaction. The job is written as the queue writes one, with the
-- queue's settings. Answers how many deliveries.
CREATE FUNCTION record_webhook_event(event_type text, plan_id uuid, payload jsonb)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  made integer;
BEGIN
  WITH deliveries AS (
    INSERT INTO webhook_deliveries (endpoint_id, event_type, payload)
    SELECT e.id, event_type, payload
    FROM action_plans ap
    JOIN audits a ON a.id = ap.audit_id
    JOIN target_companies tc ON tc.id = a.target_company_id
    JOIN webhook_endpoints e ON e.enabled AND event_type = ANY (e.events)
      AND (e.client_id = tc.client_id OR e.auditor_id = a.auditor_id OR e.target_company_id = tc.id)
    WHERE ap.id = plan_id
    RETURNING id
  ), jobs AS (
    INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
    SELECT q.name, jsonb_build_object('deliveryId', d.id), q.retry_limit, q.retry_delay,
      q.retry_backoff, make_interval(secs => q.expire_seconds), q.policy
    FROM deliveries d CROSS JOIN pgboss.queue q
    WHERE q.name = 'webhook-delivery'
    RETURNING 1
  )
  SELECT count(*) INTO made FROM jobs;
  RETURN made;
END $$;

-- Every status change, however made (the status route, a bulk change, the closure loop, an import),
-- is a 'gap.status_changed' event.
CREATE FUNCTION gap_status_webhook() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gap record;
BEGIN
  SELECT g.action_plan_id, g.target_company_id, g.esap_item_number INTO gap FROM gaps g WHERE g.id = NEW.gap_id;
  IF FOUND AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) THEN
    PERFORM record_webhook_event('gap.status_changed', gap.action_plan_id, jsonb_build_object(
      'type', 'gap.status_changed',
      'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'data', jsonb_build_object('gapId', NEW.gap_id, 'actionPlanId', gap.action_plan_id,
        'targetCompanyId', gap.target_company_id, 'itemNumber', gap.esap_item_number,
        'status', NEW.status)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER gap_status_history_webhook AFTER INSERT ON gap_status_history
  FOR EACH ROW EXECUTE FUNCTION gap_status_webhook();
