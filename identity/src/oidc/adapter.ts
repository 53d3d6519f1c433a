// oidc-provider storage in the identity database, so sessions, grants and codes survive a restart.
import { errors } from 'oidc-provider';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.js';
import { containsUnsafeText, isUnsafeText } from '../security/safe-text.js';

interface PayloadRow {
  payload: AdapterPayload;
  consumed: boolean;
}

// Models that carry a grantId and must go when their grant is revoked.
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export function createAdapterFactory(db: Database): (model: string) => Adapter {
  return (model: string) => new DatabaseAdapter(db, model);
}

class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // Protocol parameters reach the payload from request bodies no route of ours parses.
    if (isUnsafeText(id) || containsUnsafeText(payload))
      throw new errors.InvalidRequest('the request contains characters that cannot be used');
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.db.query(
      `INSERT INTO oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (model, id) DO UPDATE SET
         payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, user_code = EXCLUDED.user_code,
         uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        payload.userCode ?? null,
        payload.uid ?? null,
        expiresAt,
      ],
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id = $2', id);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code = $2', userCode);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid = $2', uid);
  }

  async consume(id: string): Promise<void> {
    if (isUnsafeText(id)) return;
    await this.db.query(
      'UPDATE oidc_payloads SET consumed_at = now() WHERE model = $1 AND id = $2',
      [this.model, id],
    );
  }

  async destroy(id: string): Promise<void> {
    if (isUnsafeText(id)) return;
    await this.db.query('DELETE FROM oidc_payloads WHERE model = $1 AND id = $2', [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (isUnsafeText(grantId)) return;
    await this.db.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
  }

  private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    // A code or token holding text PostgreSQL cannot compare is simply not one we issued.
    if (isUnsafeText(value)) return undefined;
    const [row] = await this.db.query<PayloadRow>(
      `SELECT payload, consumed_at IS NOT NULL AS consumed FROM oidc_payloads
       WHERE model = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > now())`,
      [this.model, value],
    );
    if (!row) return undefined;
    return row.consumed ? { ...row.payload, consumed: true } : row.payload;
  }
}

/** Deletes rows past their expiry; oidc-provider never asks for them again. */
export async function deleteExpiredPayloads(db: Database): Promise<void> {
  await db.query('DELETE FROM oidc_payloads WHERE expires_at < now()');
}
