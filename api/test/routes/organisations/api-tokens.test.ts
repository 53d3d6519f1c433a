// API tokens (docs/decisions/0095-api-tokens.md): an owner makes one for a system, with a role of the
// organisation; the system calls with it as that member would, the history names the token, and
// revoking or expiry shuts it out at the next request.
import { createHash } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { API_TOKEN_LIMITS, API_TOKEN_MESSAGES } from '@verity/shared-api/src/server';
import { buildTestApp, capturedLogs } from '../../support/app';
import type { TestDatabase } from '../../support/databases';
import {
  buildIntegrationsWorld,
  created,
  type IntegrationsWorld,
} from '../../support/integrations-world';
import { validPlan, type World } from '../action-plans/fixtures';

interface NewToken {
  token: { id: string; name: string; role: string; secretHint: string; lastUsedAt: string | null };
  secret: string;
}

describe('API tokens', () => {
  let integrations: IntegrationsWorld;
  let database: TestDatabase;
  let app: FastifyInstance;
  let world: World;
  let planId: string;
  let gapId: string;

  beforeAll(async () => {
    integrations = await buildIntegrationsWorld();
    ({ database, app, world, planId, gapId } = integrations);
  });
  afterAll(() => integrations?.close());

  const make = (body: object, as: keyof World['as'] = 'auditorOwner') =>
    created<NewToken>(world, as, '/api/v1/organisation/api-tokens', body);
  const withToken = (secret: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${secret}` } });
  const readPlan = (secret: string) =>
    withToken(secret, {
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
  const list = async (as: keyof World['as'] = 'auditorOwner') =>
    (
      (await world.as[as]({ method: 'GET', url: '/api/v1/organisation/api-tokens' })).json()
        .data as { tokens: NewToken['token'][] }
    ).tokens;

  it('shows the secret once and keeps only its SHA-256', async () => {
    const made = await make({ name: '  Portfolio sync ', role: 'viewer', expiresInDays: 30 });
    expect(made.secret).toMatch(/^vrt_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({
      name: 'Portfolio sync',
      role: 'viewer',
      secretHint: made.secret.slice(-4),
      lastUsedAt: null,
    });
    const listed = await list();
    expect(listed.find((token) => token.id === made.token.id)).toEqual(made.token);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    const { rows } = await app.db.query<{ secret_sha256: Buffer; dump: string }>(
      'SELECT secret_sha256, t::text AS dump FROM api_tokens t WHERE id = $1',
      [made.token.id],
    );
    expect(rows[0]!.secret_sha256).toEqual(createHash('sha256').update(made.secret).digest());
    expect(rows[0]!.dump).not.toContain(made.secret.slice(4));
  });

  it('acts as a member with its role: reads what that member reads, and the table refuses the rest', async () => {
    const viewer = await make({ name: 'Reader', role: 'viewer' });
    const read = await readPlan(viewer.secret);
    expect(read.statusCode).toBe(200);
    const asPerson = await world.as.auditorViewer({
      method: 'GET',
      url: `/api/v1/action-plan/${planId}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(read.json().data.gaps).toEqual(asPerson.json().data.gaps);
    // A viewer may not change a status, as a person who is a viewer may not.
    const refused = await withToken(viewer.secret, {
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'provClosed' },
    });
    expect(refused.statusCode).toBe(403);
    // No token is an owner: tokens never make tokens.
    const tokensOfTokens = await withToken(viewer.secret, {
      method: 'GET',
      url: '/api/v1/organisation/api-tokens',
    });
    expect(tokensOfTokens.statusCode).toBe(403);
    // Tenancy as for its organisation's people: another firm's plan is not found.
    const otherFirmPlan = await world.as.otherFirmOwner({
      method: 'POST',
      url: '/api/v1/action-plan',
      query: { targetCompanyId: world.acmeId, auditId: world.audits.otherFirm },
      payload: validPlan(),
    });
    expect(otherFirmPlan.statusCode).toBe(201);
    const foreign = await withToken(viewer.secret, {
      method: 'GET',
      url: `/api/v1/action-plan/${otherFirmPlan.json().data.actionPlan.id}`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(foreign.statusCode).toBe(404);
    // Its last use is recorded.
    expect((await list()).find((token) => token.id === viewer.token.id)!.lastUsedAt).not.toBeNull();
  });

  it("records its writes in the change history under the token's name, and is no person", async () => {
    const editor = await make({ name: 'Site system', role: 'editor' });
    const changed = await withToken(editor.secret, {
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'provClosed' },
    });
    expect(changed.statusCode).toBe(200);
    const history = await world.as.clientOwner({
      method: 'GET',
      url: `/api/v1/gap/${gapId}/changes`,
      query: { targetCompanyId: world.acmeId },
    });
    expect(history.json().data.changes[0]).toMatchObject({
      field: 'status',
      newValue: 'provClosed',
      changedBy: { name: 'Site system (API token)', userType: 'auditor', role: 'editor' },
    });
    // Not listed among the firm's people, never notified, never signs in.
    const people = await world.as.auditorOwner({ method: 'GET', url: '/api/v1/auditor/users' });
    expect(people.body).not.toContain('API token');
    const reopened = await world.as.clientOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status: 'open' },
    });
    expect(reopened.statusCode).toBe(200);
    const notified = await app.db.query(
      `SELECT 1 FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.kind = 'token'`,
    );
    expect(notified.rows).toEqual([]);
    // The live stream follows a person's session.
    const stream = await withToken(editor.secret, { method: 'GET', url: '/api/v1/events' });
    expect([stream.statusCode, stream.json().message]).toEqual([
      403,
      API_TOKEN_MESSAGES.sessionOnly,
    ]);
  });

  it('is shut out at once when revoked, and when expired', async () => {
    const token = await make({ name: 'Leaver', role: 'viewer' });
    expect((await readPlan(token.secret)).statusCode).toBe(200);
    // Another organisation's owner cannot see or revoke it.
    const foreign = await world.as.otherFirmOwner({
      method: 'DELETE',
      url: `/api/v1/organisation/api-tokens/${token.token.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list('otherFirmOwner')).map((listed) => listed.id)).not.toContain(token.token.id);
    const revoked = await world.as.auditorOwner({
      method: 'DELETE',
      url: `/api/v1/organisation/api-tokens/${token.token.id}`,
    });
    expect(revoked.json().data.token).toMatchObject({ revokedByName: expect.any(String) });
    const after = await readPlan(token.secret);
    expect([after.statusCode, after.json().message]).toEqual([401, API_TOKEN_MESSAGES.unknown]);
    const again = await world.as.auditorOwner({
      method: 'DELETE',
      url: `/api/v1/organisation/api-tokens/${token.token.id}`,
    });
    expect(again.statusCode).toBe(409);

    const expiring = await make({ name: 'Short lived', role: 'viewer', expiresInDays: 1 });
    await app.db.query(
      `UPDATE api_tokens SET created_at = now() - interval '2 days', expires_at = now() - interval '1 second' WHERE id = $1`,
      [expiring.token.id],
    );
    const expired = await readPlan(expiring.secret);
    expect([expired.statusCode, expired.json().message]).toEqual([401, API_TOKEN_MESSAGES.expired]);
    // A credential that is not one of ours, or one that never was.
    for (const authorization of ['Bearer nonsense', `Bearer vrt_${'A'.repeat(43)}`, 'Basic abc']) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization },
      });
      expect([authorization, response.statusCode]).toEqual([authorization, 401]);
    }
  });

  it('refuses a bad name, role or expiry, and more live tokens than the limit', async () => {
    for (const [body, message] of [
      [{ name: ' ', role: 'viewer' }, API_TOKEN_MESSAGES.nameRequired],
      [{ name: 'x'.repeat(101), role: 'viewer' }, API_TOKEN_MESSAGES.nameTooLong],
      [{ name: 'Owner bot', role: 'owner' }, API_TOKEN_MESSAGES.badRole],
      [{ name: 'Forever', role: 'viewer', expiresInDays: 366 }, API_TOKEN_MESSAGES.badExpiry],
      [{ name: 'Never', role: 'viewer', expiresInDays: 0 }, API_TOKEN_MESSAGES.badExpiry],
    ] as const) {
      const response = await world.as.companyOwner({
        method: 'POST',
        url: '/api/v1/organisation/api-tokens',
        payload: body,
      });
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    expect(await list('companyOwner')).toEqual([]);
    for (let made = 0; made < API_TOKEN_LIMITS.live; made += 1)
      await make({ name: `System ${made}`, role: 'viewer' }, 'companyOwner');
    const over = await world.as.companyOwner({
      method: 'POST',
      url: '/api/v1/organisation/api-tokens',
      payload: { name: 'One too many', role: 'viewer' },
    });
    expect([over.statusCode, over.json().message]).toEqual([409, API_TOKEN_MESSAGES.tooMany]);
  });

  it('limits the requests of each token per minute', async () => {
    const limited = await buildTestApp(database, { API_TOKEN_REQUESTS_PER_MINUTE: '2' });
    try {
      const token = await make({ name: 'Busy system', role: 'viewer' });
      const statuses: number[] = [];
      for (let sent = 0; sent < 3; sent += 1)
        statuses.push(
          (
            await limited.inject({
              method: 'GET',
              url: '/api/v1/auth/me',
              headers: { authorization: `Bearer ${token.secret}` },
            })
          ).statusCode,
        );
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('serves a script outside the browser over HTTP: a viewer token reads the portfolio, is refused a write, and no secret reaches the log', async () => {
    const logs = capturedLogs();
    const served = await buildTestApp(database, {}, { logger: logs.logger });
    try {
      const address = await served.listen({ port: 0, host: '127.0.0.1' });
      const owner = await world.as.clientOwner({
        method: 'POST',
        url: '/api/v1/organisation/api-tokens',
        payload: { name: 'Risk dashboard', role: 'viewer' },
      });
      const { secret } = owner.json().data as NewToken;
      const call = (path: string, init: RequestInit = {}) =>
        fetch(`${address}/api/v1${path}`, {
          ...init,
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        });
      const portfolio = await call('/portfolio');
      expect(portfolio.status).toBe(200);
      expect(await portfolio.json()).toMatchObject({ success: true });
      const write = await call(`/gap/${gapId}/status?targetCompanyId=${world.acmeId}`, {
        method: 'PATCH',
        body: JSON.stringify({ status: 'provClosed' }),
      });
      expect(write.status).toBe(403);
      const logged = JSON.stringify(logs.take());
      expect(logged).toContain('/api/v1/portfolio');
      expect(logged).not.toContain(secret.slice(4));
    } finally {
      await served.close();
    }
  });
});
