-- A session is one sign-in: its refresh tokens are one family (family_id = sessions.id), and every
-- authenticated request checks that it is still alive, so sign-out and reuse detection end it at once.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Families signed in before sessions existed become sessions, so nobody is signed out by the upgrade.
INSERT INTO sessions (id, user_id, created_at, revoked_at)
SELECT family_id, (array_agg(user_id))[1], min(created_at),
       CASE WHEN bool_and(revoked_at IS NOT NULL) THEN max(revoked_at) END
FROM refresh_tokens
GROUP BY family_id;

ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_family_id_fkey
  FOREIGN KEY (family_id) REFERENCES sessions (id) ON DELETE CASCADE;

-- The token this one replaced: a refresh repeated within the grace window finds its successor here.
ALTER TABLE refresh_tokens ADD COLUMN parent_id uuid REFERENCES refresh_tokens (id) ON DELETE CASCADE;
CREATE INDEX refresh_tokens_parent_id_idx ON refresh_tokens (parent_id) WHERE parent_id IS NOT NULL;
