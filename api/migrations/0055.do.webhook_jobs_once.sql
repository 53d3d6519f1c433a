-- A webhook delivery's job is written in one place (docs/decisions/0096-webhooks.md): an event's
-- deliveries (record_webhook_event) and a delivery sent again both queue theirs here.

-- One job of the 'webhook-delivery' queue for each delivery, written as the queue writes one, with
-- the queue's settings. Answers how many jobs.
CREATE FUNCTION queue_webhook_deliveries(delivery_ids uuid[]) RETURNS integer LANGUAGE sql AS $$
  WITH jobs AS (
    INSERT INTO pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, policy)
    SELECT q.name, jsonb_build_object('deliveryId', d.id), q.retry_limit, q.retry_delay,
      q.retry_backoff, make_interval(secs => q.expire_seconds), q.policy
    FROM unnest(delivery_ids) AS d (id) CROSS JOIN pgboss.queue q
    WHERE q.name = 'webhook-delivery'
    RETURNING 1
  )
  SELECT count(*)::integer FROM jobs
$$;

-- As in 0052, with the deliveries' jobs queued by queue_webhook_deliveries.
CREATE OR REPLACE FUNCTION record_webhook_event(event_type text, plan_id uuid, payload jsonb)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  made uuid[];
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
  )
  SELECT array_agg(id) INTO made FROM deliveries;
  IF made IS NULL THEN
    RETURN 0;
  END IF;
  RETURN queue_webhook_deliveries(made);
END $$;
