-- Attempt counters shared by every identity process, in rate-limiter-flexible's PostgreSQL layout
-- (key, points, expire in epoch milliseconds); keys are hashes, so no address or email is stored.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

CREATE INDEX rate_limits_expire ON rate_limits (expire);
