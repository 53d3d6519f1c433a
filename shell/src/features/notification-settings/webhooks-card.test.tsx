import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WEBHOOK_MESSAGES, type WebhookDelivery, type WebhookEndpoint } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { ok, onApi, withBody } from '@verity/shared-ui/src/testing';
import { renderApp, signedInAs, users } from '../../test/render-app';

jest.mock('../../remotes/federation');

const owner = { ...users.client, role: 'owner' } as const;
const SECRET = 'whsec_c2VjcmV0LWZvci10aGUtY2FyZC10ZXN0cy0xMjM0NQ==';

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: '33333333-3333-4333-8333-333333333333',
  url: 'https://portfolio.example-bank.com/verity/events',
  events: ['gap.status_changed', 'gap.overdue'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  createdByName: 'Ayse Owner',
  ...overrides,
});

const failedDelivery: WebhookDelivery = {
  id: '44444444-4444-4444-8444-444444444444',
  eventType: 'gap.overdue',
  payload: {},
  createdAt: '2026-12-01T07:00:00.000Z',
  state: 'failed',
  attempts: 9,
  lastAttemptAt: '2026-12-01T09:00:00.000Z',
  responseStatus: 503,
  responseExcerpt: 'Service Unavailable',
  deliveredAt: null,
};

function answerSettings(lists: WebhookEndpoint[][]) {
  onApi('get', 'notification-preferences', ok({ preferences: [] }));
  onApi('get', 'organisation/settings', ok({ settings: { timeZone: 'Europe/London' } }));
  onApi('get', 'organisation/api-tokens', ok({ tokens: [] }));
  onApi('get', 'organisation/sso', ok({ connection: null, redirectUri: '/api/v1/auth/callback' }));
  onApi(
    'get',
    'organisation/webhooks',
    lists.map((endpoints) => ok({ endpoints })),
  );
}

async function renderCard() {
  renderApp('/client/notification-settings', signedInAs(owner));
  return (await screen.findByRole('heading', { name: WEBHOOK_MESSAGES.title })).closest('section')!;
}

describe('webhooks card', () => {
  afterEach(() => act(() => switchLanguage('en')));

  it('adds an endpoint with the events chosen and shows its signing secret once', async () => {
    answerSettings([[], [endpoint()]]);
    const created = onApi(
      'post',
      'organisation/webhooks',
      ok({ endpoint: endpoint(), secret: SECRET }, 201),
    );
    const card = await renderCard();
    // An address that is not https is refused before it is sent.
    await userEvent.type(
      within(card).getByLabelText(/Endpoint address/),
      'http://portfolio.example-bank.com',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Add endpoint' }));
    expect(within(card).getByText(WEBHOOK_MESSAGES.badUrl)).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();

    await userEvent.clear(within(card).getByLabelText(/Endpoint address/));
    await userEvent.type(
      within(card).getByLabelText(/Endpoint address/),
      'https://portfolio.example-bank.com/verity/events',
    );
    await userEvent.click(within(card).getByRole('checkbox', { name: 'An item overdue' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Add endpoint' }));
    expect(created).toHaveBeenCalledWith(
      withBody({
        url: 'https://portfolio.example-bank.com/verity/events',
        events: ['gap.status_changed', 'gap.overdue'],
      }),
    );
    expect(await within(card).findByLabelText('Signing secret')).toHaveValue(SECRET);
    const list = await within(card).findByRole('list', { name: 'Webhook endpoints' });
    expect(
      within(list).getByText(/On · A gap's status changed, An item overdue/),
    ).toBeInTheDocument();
  });

  it('shows why an endpoint was switched off, its failed deliveries, and sends one again', async () => {
    const off = endpoint({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabled(5) });
    answerSettings([[off], [off]]);
    onApi('get', 'organisation/webhooks/:id/deliveries', [
      ok({ deliveries: [failedDelivery], total: 1 }),
      ok({ deliveries: [failedDelivery], total: 2 }),
    ]);
    const resent = onApi(
      'post',
      'organisation/webhooks/:id/deliveries/:deliveryId/resend',
      ok({
        delivery: {
          ...failedDelivery,
          id: '55555555-5555-4555-8555-555555555555',
          state: 'pending',
          attempts: 0,
        },
      }),
    );
    const card = await renderCard();
    const list = await within(card).findByRole('list', { name: 'Webhook endpoints' });
    expect(within(list).getByText(new RegExp(WEBHOOK_MESSAGES.disabled(5)))).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Switch on' })).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Deliveries' }));
    const deliveries = await within(card).findByRole('list', { name: `Deliveries to ${off.url}` });
    expect(
      within(deliveries).getByText(/Failed · .* · 9 tries · answered 503 · Service Unavailable/),
    ).toBeInTheDocument();
    await userEvent.click(within(deliveries).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(resent).toHaveBeenCalledTimes(1));
    expect(resent.mock.calls[0]![0].params).toEqual({ id: off.id, deliveryId: failedDelivery.id });
  });

  it('writes the endpoints and their deliveries in the language in use', async () => {
    answerSettings([[endpoint()]]);
    onApi(
      'get',
      'organisation/webhooks/:id/deliveries',
      ok({ deliveries: [failedDelivery], total: 1 }),
    );
    const card = await renderCard();
    await within(card).findByRole('list', { name: 'Webhook endpoints' });
    await act(() => switchLanguage('es'));
    const list = await within(card).findByRole('list', { name: 'Endpoints de webhook' });
    expect(within(list).getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Entregas' }));
    const deliveries = await within(card).findByRole('list', {
      name: `Entregas a ${endpoint().url}`,
    });
    expect(
      within(deliveries).getByText(
        /Fallida · .* · 9 intentos · respuesta 503 · Service Unavailable/,
      ),
    ).toBeInTheDocument();
    expect(within(deliveries).getByRole('button', { name: 'Reenviar' })).toBeInTheDocument();
  });
});
