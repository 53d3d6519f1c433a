// The RS256 signing keys: generated on first start, stored in the database, the same after restarts.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { JsonWebKey } from 'node:crypto';
import type { Database } from '../db/database.js';

const SIGNING_KEY_LOCK = 4_100_002;

export async function loadSigningKeys(db: Database): Promise<JsonWebKey[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SIGNING_KEY_LOCK]);
    const stored = await tx.query<{ jwk: JsonWebKey }>(
      'SELECT jwk FROM signing_keys ORDER BY created_at, kid',
    );
    if (stored.length > 0) return stored.map((row) => row.jwk);

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = randomUUID();
    const jwk: JsonWebKey = {
      ...privateKey.export({ format: 'jwk' }),
      kid,
      alg: 'RS256',
      use: 'sig',
    };
    await tx.query('INSERT INTO signing_keys (kid, jwk) VALUES ($1, $2)', [
      kid,
      JSON.stringify(jwk),
    ]);
    return [jwk];
  });
}
