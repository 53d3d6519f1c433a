// Webhooks (docs/decisions/0096-webhooks.md): an owner subscribes an endpoint; each event of the
// organisation's tenancy reaches it signed as Standard Webhooks asks, through the job queue, retried
// and logged; another tenancy's events never do; private addresses and redirects are refused; an
// endpoint that keeps failing is switched off and its owners told.
import { createHmac } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '@verity/shared-api/src/server';
import { isPrivateAddress } from '../../src/webhooks/addresses';
import { webhookOffMessage } from '../../src/webhooks/webhook-mail';
import { waitFor } from '../support/api-process';
import type { World } from '../routes/action-plans/fixtures';
import { capturedLogs } from '../support/app';
import {
  buildIntegrationsWorld,
  created,
  type IntegrationsWorld,
} from '../support/integrations-world';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers each request as `answer` says, and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (path: string) => { status: number; headers?: Record<string, string> } = () => ({
    status: 204,
  });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const { status, headers } = answer(request.url ?? '');
      response.writeHead(status, headers).end('receiver says hello');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith: (next: typeof answer) => (answer = next),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks check a receiver makes: some v1 signature of the header is the HMAC. */
function signedWith(secret: string, { headers, body }: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => signature === `v1,${expected}`);
}

describe('webhooks', () => {
  let integrations: IntegrationsWorld;
  let app: FastifyInstance;
  let world: World;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let planId: string;
  let gapId: string;
  const logs = capturedLogs();

  beforeAll(async () => {
    receiver = await startReceiver();
    integrations = await buildIntegrationsWorld(
      {
        WEBHOOK_PRIVATE_HOSTS: '127.0.0.1',
        WEBHOOK_RETRY_LIMIT: '1',
        WEBHOOK_RETRY_DELAY_SECONDS: '1',
      },
      { logger: logs.logger },
    );
    ({ app, world, planId, gapId } = integrations);
    await app.notifications.startWorkers({ scan: false, email: true, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await integrations?.close();
    await receiver?.stop();
  });

  const subscribe = (as: keyof World['as'], path: string, events: string[]) =>
    created<{ endpoint: { id: string }; secret: string }>(
      world,
      as,
      '/api/v1/organisation/webhooks',
      { url: receiver.url(path), events },
    );
  const changeStatus = async (status: string) => {
    const response = await world.as.clientOwner({
      method: 'PATCH',
      url: `/api/v1/gap/${gapId}/status`,
      query: { targetCompanyId: world.acmeId },
      payload: { status },
    });
    expect(response.statusCode).toBe(200);
  };
  const deliveriesOf = async (as: keyof World['as'], endpointId: string) =>
    (
      await world.as[as]({
        method: 'GET',
        url: `/api/v1/organisation/webhooks/${endpointId}/deliveries`,
      })
    ).json().data as {
      deliveries: {
        id: string;
        state: string;
        attempts: number;
        responseStatus: number | null;
        responseExcerpt: string | null;
      }[];
      total: number;
    };
  const arrivedAt = (path: string) => receiver.received.filter((got) => got.path === path);

  it('sends an event of its tenancy, signed, to the organisations that see it and to no other', async () => {
    const client = await subscribe('clientOwner', '/client', ['gap.status_changed']);
    const firm = await subscribe('auditorOwner', '/firm', [
      'gap.status_changed',
      'gap.remark_added',
    ]);
    const otherFirm = await subscribe('otherFirmOwner', '/other-firm', ['gap.status_changed']);
    const otherCompany = await subscribe('betaOwner', '/beta', ['gap.status_changed']);
    const uninterested = await subscribe('companyOwner', '/company', ['action_plan.created']);

    await changeStatus('provClosed');
    await waitFor(
      () => arrivedAt('/client').length === 1 && arrivedAt('/firm').length === 1,
      'the two deliveries',
    );
    for (const [path, secret] of [
      ['/client', client.secret],
      ['/firm', firm.secret],
    ] as const) {
      const [got] = arrivedAt(path);
      expect(signedWith(secret, got!)).toBe(true);
      expect(got!.headers['content-type']).toBe('application/json');
      expect(JSON.parse(got!.body)).toMatchObject({
        type: 'gap.status_changed',
        data: { gapId, actionPlanId: planId, targetCompanyId: world.acmeId, status: 'provClosed' },
      });
    }
    // The other firm and the other company see nothing of this gap; the company asked for other events.
    expect(arrivedAt('/other-firm')).toEqual([]);
    expect(arrivedAt('/beta')).toEqual([]);
    expect(arrivedAt('/company')).toEqual([]);
    for (const [as, endpoint] of [
      ['otherFirmOwner', otherFirm],
      ['betaOwner', otherCompany],
      ['companyOwner', uninterested],
    ] as const)
      expect((await deliveriesOf(as, endpoint.endpoint.id)).total).toBe(0);
    const log = await deliveriesOf('clientOwner', client.endpoint.id);
    expect(log.deliveries[0]).toMatchObject({
      state: 'delivered',
      attempts: 1,
      responseStatus: 204,
    });
    // Another organisation's owner finds no such endpoint.
    const foreign = await world.as.otherClient({
      method: 'GET',
      url: `/api/v1/organisation/webhooks/${client.endpoint.id}/deliveries`,
    });
    expect(foreign.statusCode).toBe(404);
    for (const endpoint of [client, firm, otherFirm, otherCompany, uninterested])
      await app.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint.endpoint.id]);
  });

  it('refuses addresses inside the network, and never follows a redirect', async () => {
    for (const url of [
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://localhost/hook',
      'https://192.168.1.20/hook',
    ]) {
      const response = await world.as.clientOwner({
        method: 'POST',
        url: '/api/v1/organisation/webhooks',
        payload: { url, events: ['gap.status_changed'] },
      });
      expect([url, response.statusCode, response.json().message]).toEqual([
        url,
        400,
        WEBHOOK_MESSAGES.privateAddress,
      ]);
    }
    const plainHttp = await world.as.clientOwner({
      method: 'POST',
      url: '/api/v1/organisation/webhooks',
      payload: { url: 'http://hooks.example.com/x', events: ['gap.status_changed'] },
    });
    expect(plainHttp.json().message).toBe(WEBHOOK_MESSAGES.badUrl);
    expect(
      [
        '127.0.0.1',
        '10.1.2.3',
        '172.20.0.1',
        '169.254.169.254',
        '::1',
        'fe80::1',
        'fd00::1',
        '::ffff:127.0.0.1',
        '100.64.0.1',
      ].map(isPrivateAddress),
    ).toEqual(Array(9).fill(true));
    expect(['93.184.216.34', '2606:4700::1111', '8.8.8.8'].map(isPrivateAddress)).toEqual([
      false,
      false,
      false,
    ]);

    const redirected = await subscribe('clientOwner', '/redirect', ['gap.status_changed']);
    receiver.answerWith((path) =>
      path === '/redirect'
        ? { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data' } }
        : { status: 204 },
    );
    await changeStatus('open');
    await waitFor(
      async () =>
        (await deliveriesOf('clientOwner', redirected.endpoint.id)).deliveries[0]?.state ===
        'failed',
      'the redirected delivery to fail for good',
    );
    const [delivery] = (await deliveriesOf('clientOwner', redirected.endpoint.id)).deliveries;
    // One try and one retry (WEBHOOK_RETRY_LIMIT=1), each refusing the redirect.
    expect(delivery).toMatchObject({ attempts: 2, responseStatus: 302 });
    expect(delivery!.responseExcerpt).toMatch(
      /^Redirect to http:\/\/169\.254\.169\.254\/latest\/meta-data not followed/,
    );
    expect(arrivedAt('/redirect')).toHaveLength(2);
    receiver.answerWith(() => ({ status: 204 }));
    await app.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [redirected.endpoint.id]);
  });

  it('retries a failing receiver, switches the endpoint off after deliveries keep failing and tells the owner; sends again on request', async () => {
    const flaky = await subscribe('clientOwner', '/flaky', ['gap.status_changed']);
    // The owner has signed in (an account is bound to the membership): only such owners get e-mail.
    const { rows } = await app.db.query<{ id: string }>(
      `UPDATE users SET sub = 'client-owner-account' WHERE email = 'client.owner@verity.test'
         AND user_type = 'client' RETURNING id`,
    );
    const ownerId = rows[0]!.id;
    let failing = true;
    receiver.answerWith((path) => ({ status: path === '/flaky' && failing ? 500 : 204 }));
    // Deliveries before this one failed every try.
    await app.db.query('UPDATE webhook_endpoints SET consecutive_failures = $2 WHERE id = $1', [
      flaky.endpoint.id,
      WEBHOOK_LIMITS.failuresBeforeOff - 1,
    ]);
    await changeStatus('provClosed');
    await waitFor(
      async () =>
        (await deliveriesOf('clientOwner', flaky.endpoint.id)).deliveries[0]?.state === 'failed',
      'the failing delivery to fail for good',
    );
    const listed = await world.as.clientOwner({
      method: 'GET',
      url: '/api/v1/organisation/webhooks',
    });
    expect(listed.json().data.endpoints).toEqual([
      expect.objectContaining({
        id: flaky.endpoint.id,
        enabled: false,
        disabledReason: WEBHOOK_MESSAGES.disabled(WEBHOOK_LIMITS.failuresBeforeOff),
      }),
    ]);
    const told = await app.db.query<{ data: { type: string; endpointId: string } }>(
      `SELECT data FROM pgboss.job WHERE name = 'notification-email' AND data->>'type' = 'webhookOff'
       UNION ALL
       SELECT data FROM pgboss.archive WHERE name = 'notification-email' AND data->>'type' = 'webhookOff'`,
    );
    expect(told.rows.map((row) => row.data)).toEqual([
      { type: 'webhookOff', userId: ownerId, endpointId: flaky.endpoint.id },
    ]);
    // Switched off, it gets nothing.
    const before = arrivedAt('/flaky').length;
    await changeStatus('open');
    expect((await deliveriesOf('clientOwner', flaky.endpoint.id)).total).toBe(1);

    // Mended and switched on, a delivery is sent again on request, as a new delivery.
    failing = false;
    const on = await world.as.clientOwner({
      method: 'PATCH',
      url: `/api/v1/organisation/webhooks/${flaky.endpoint.id}`,
      payload: { enabled: true },
    });
    expect(on.json().data.endpoint).toMatchObject({ enabled: true, disabledReason: null });
    const [failed] = (await deliveriesOf('clientOwner', flaky.endpoint.id)).deliveries;
    const resent = await world.as.clientOwner({
      method: 'POST',
      url: `/api/v1/organisation/webhooks/${flaky.endpoint.id}/deliveries/${failed!.id}/resend`,
    });
    expect(resent.statusCode).toBe(200);
    await waitFor(() => arrivedAt('/flaky').length === before + 1, 'the delivery sent again');
    const again = arrivedAt('/flaky').at(-1)!;
    expect(again.headers['webhook-id']).toBe(resent.json().data.delivery.id);
    expect(JSON.parse(again.body).data.status).toBe('provClosed');

    // A rolled secret: the old one still signs beside the new one for a day.
    const rolled = await world.as.clientOwner({
      method: 'POST',
      url: `/api/v1/organisation/webhooks/${flaky.endpoint.id}/roll-secret`,
    });
    const newSecret = rolled.json().data.secret as string;
    await changeStatus('provClosed');
    await waitFor(() => arrivedAt('/flaky').length === before + 2, 'the delivery after the roll');
    const afterRoll = arrivedAt('/flaky').at(-1)!;
    expect([signedWith(newSecret, afterRoll), signedWith(flaky.secret, afterRoll)]).toEqual([
      true,
      true,
    ]);
    // Neither secret is ever written to the log.
    const logged = JSON.stringify(logs.take());
    expect(logged).toContain('/organisation/webhooks');
    for (const secret of [newSecret, flaky.secret])
      expect(logged).not.toContain(secret.replace(/^whsec_/, ''));
  });

  // The owner's e-mail in the language they chose (decision 0109), English until chosen; the
  // endpoint's address as it is.
  it.each([
    {
      language: 'tr',
      subject: 'Bir webhook uç noktası devre dışı bırakıldı',
      lines: [
        'Verity şu adrese olay göndermeyi durdurdu: ',
        `Art arda ${WEBHOOK_LIMITS.failuresBeforeOff} teslimat her denemede başarısız olduğu için devre dışı bırakıldı.`,
      ],
      html: ['<html lang="tr"><body', '>Ayarlarınızı açın</a>'],
    },
    {
      language: 'ar',
      subject: 'تم إيقاف نقطة نهاية لخطاف ويب',
      lines: ['توقف Verity عن إرسال الأحداث إلى ', 'أُوقفت بعد أن أخفقت'],
      html: ['<html lang="ar" dir="rtl"><body', '>فتح إعداداتك</a>'],
    },
    {
      language: null,
      subject: 'A webhook endpoint was switched off',
      lines: [
        'Verity stopped sending events to ',
        WEBHOOK_MESSAGES.disabled(WEBHOOK_LIMITS.failuresBeforeOff),
      ],
      html: ['<html lang="en"><body', '>Open your settings</a>'],
    },
  ])('tells an owner whose language is $language in it', async (expected) => {
    const path = `/off-${expected.language}`;
    const off = await subscribe('clientOwner', path, ['gap.status_changed']);
    await app.db.query(
      'UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2 WHERE id = $1',
      [off.endpoint.id, WEBHOOK_MESSAGES.disabled(WEBHOOK_LIMITS.failuresBeforeOff)],
    );
    const { rows } = await app.db.query<{ id: string }>(
      `UPDATE users SET sub = 'client-owner-account', language = $1
       WHERE email = 'client.owner@verity.test' AND user_type = 'client' RETURNING id`,
      [expected.language],
    );
    const message = (await webhookOffMessage(
      app.db,
      'https://verity.test',
      rows[0]!.id,
      off.endpoint.id,
    ))!;
    expect(message.subject).toBe(expected.subject);
    expect(message.text).toContain(receiver.url(path));
    for (const line of expected.lines) expect(message.text).toContain(line);
    for (const part of expected.html) expect(message.html).toContain(part);
    await app.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [off.endpoint.id]);
  });

  it('forgets in the daily scan the deliveries that ended more than a month ago, and keeps the rest', async () => {
    const log = await subscribe('clientOwner', '/log', ['action_plan.revised']);
    const now = new Date('2026-12-03T06:00:00Z');
    const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const kept = [
      ['delivered', WEBHOOK_LIMITS.deliveryLogDays - 1],
      ['failed', WEBHOOK_LIMITS.deliveryLogDays - 1],
      // Still being tried, however old.
      ['pending', WEBHOOK_LIMITS.deliveryLogDays + 10],
    ] as const;
    const forgotten = [
      ['delivered', WEBHOOK_LIMITS.deliveryLogDays + 1],
      ['failed', WEBHOOK_LIMITS.deliveryLogDays + 10],
    ] as const;
    const ids: Record<string, string> = {};
    for (const [state, days] of [...kept, ...forgotten]) {
      const { rows } = await app.db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (endpoint_id, event_type, payload, state, created_at)
         VALUES ($1, 'action_plan.revised', '{}', $2, $3) RETURNING id`,
        [log.endpoint.id, state, daysBefore(days)],
      );
      ids[`${state} ${days}`] = rows[0]!.id;
    }
    await app.notifications.scan(now);
    const listed = await deliveriesOf('clientOwner', log.endpoint.id);
    expect(listed.deliveries.map((delivery) => delivery.id).sort()).toEqual(
      kept.map(([state, days]) => ids[`${state} ${days}`]).sort(),
    );
  });
});
