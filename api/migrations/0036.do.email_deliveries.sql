-- Each e-mail job's delivery (docs/decisions.md "E-mail that arrives once"): claimed and committed
-- before the SMTP conversation starts, marked sent once the server took the message. A job the queue
-- hands out again (expired, retried, taken by a second worker) finds its claim and sends nothing.
CREATE TABLE email_deliveries (
  -- The e-mail job (pgboss.job.id): one e-mail to one person, the same id across its retries.
  job_id uuid PRIMARY KEY,
  -- The Message-ID it went out under, the same at every try.
  message_id text NOT NULL,
  -- Whom it is for, once its message is written.
  recipient text,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  -- The server took it.
  sent_at timestamptz,
  -- The server refused it, or could not be reached: a later try may claim it again.
  refused_at timestamptz,
  -- Why the last try failed; with neither sent_at nor refused_at, the server may or may not have
  -- taken the message (the connection broke mid-way, or the process died): it is not sent again.
  failure text
);
-- Kept a month, past the longest life of a job (its retries), then dropped by the scan.
CREATE INDEX email_deliveries_claimed_at_idx ON email_deliveries (claimed_at);
