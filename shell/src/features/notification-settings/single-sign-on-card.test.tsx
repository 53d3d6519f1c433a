import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SSO_MESSAGES, type SsoConnection } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { ok, onApi, withBody } from '@verity/shared-ui/src/testing';
import { assignLocation } from '../../lib/browser-location';
import { renderApp, signedInAs, users } from '../../test/render-app';

jest.mock('../../remotes/federation');
jest.mock('../../lib/browser-location');

const owner = { ...users.client, role: 'owner' } as const;
const ISSUER = 'https://login.microsoftonline.com/5f0e2b9c-1d2e-4f3a-9b8c-7d6e5f4a3b2c/v2.0';

const connection = (overrides: Partial<SsoConnection> = {}): SsoConnection => ({
  issuer: ISSUER,
  clientId: 'b7c1e0f2-verity',
  redirectUri: 'https://verity.example.com/api/v1/auth/callback',
  domain: null,
  testedAt: null,
  testedByName: null,
  required: false,
  updatedAt: '2026-12-01T09:00:00.000Z',
  updatedByName: 'Ayse Owner',
  ...overrides,
});

function answerSettings(value: SsoConnection | null) {
  onApi('get', 'notification-preferences', ok({ preferences: [] }));
  onApi('get', 'organisation/settings', ok({ settings: { timeZone: 'Europe/London' } }));
  onApi('get', 'organisation/api-tokens', ok({ tokens: [] }));
  onApi('get', 'organisation/webhooks', ok({ endpoints: [] }));
  onApi(
    'get',
    'organisation/sso',
    ok({ connection: value, redirectUri: 'https://verity.example.com/api/v1/auth/callback' }),
  );
}

/** The card, once its settings have loaded. */
async function renderCard(path = '/client/notification-settings') {
  renderApp(path, signedInAs(owner));
  const card = (await screen.findByRole('heading', { name: SSO_MESSAGES.title })).closest(
    'section',
  )!;
  await within(card).findByLabelText(SSO_MESSAGES.issuerLabel);
  return card;
}

describe('single sign-on card', () => {
  beforeEach(() => jest.mocked(assignLocation).mockClear());
  afterEach(() => act(() => switchLanguage('en')));

  it('checks the settings in words before sending them, then saves them without showing the secret again', async () => {
    answerSettings(null);
    const saved = onApi('put', 'organisation/sso', ok({ connection: connection() }));
    const card = await renderCard();
    const user = userEvent.setup();
    // The address to register at the provider comes first: it is needed before there is a client ID.
    expect(
      within(card).getByText('https://verity.example.com/api/v1/auth/callback'),
    ).toBeInTheDocument();

    await user.type(within(card).getByLabelText(SSO_MESSAGES.issuerLabel), 'login.example.com');
    await user.click(within(card).getByRole('button', { name: SSO_MESSAGES.save }));
    expect(within(card).getByText(SSO_MESSAGES.badIssuer)).toBeInTheDocument();
    expect(within(card).getByText(SSO_MESSAGES.clientIdRequired)).toBeInTheDocument();
    expect(within(card).getByText(SSO_MESSAGES.clientSecretRequired)).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();

    await user.clear(within(card).getByLabelText(SSO_MESSAGES.issuerLabel));
    await user.type(within(card).getByLabelText(SSO_MESSAGES.issuerLabel), ISSUER);
    await user.type(within(card).getByLabelText(SSO_MESSAGES.clientIdLabel), 'b7c1e0f2-verity');
    await user.type(within(card).getByLabelText(SSO_MESSAGES.clientSecretLabel), 's3cret-value');
    await user.click(within(card).getByRole('button', { name: SSO_MESSAGES.save }));

    expect(await within(card).findByText(SSO_MESSAGES.notTested)).toBeInTheDocument();
    expect(saved).toHaveBeenCalledWith(
      withBody({ issuer: ISSUER, clientId: 'b7c1e0f2-verity', clientSecret: 's3cret-value' }),
    );
    expect(within(card).getByLabelText(SSO_MESSAGES.clientSecretLabel)).toHaveValue('');
    expect(within(card).getByText(SSO_MESSAGES.clientSecretKept)).toBeInTheDocument();
    expect(
      within(card).getByText('https://verity.example.com/api/v1/auth/callback'),
    ).toBeInTheDocument();
    // The test sign-in is a page of the provider's: the browser goes there.
    await user.click(within(card).getByRole('button', { name: SSO_MESSAGES.test }));
    expect(assignLocation).toHaveBeenCalledWith('/api/v1/organisation/sso/test');
  });

  it.each([
    ['tested', 'status'],
    ['otherAccount', 'alert'],
    ['domainTaken', 'alert'],
  ] as const)('says what the test sign-in found (%s)', async (outcome, role) => {
    answerSettings(
      connection(
        outcome === 'tested'
          ? { domain: 'northwind.example', testedAt: '2026-12-01T09:05:00.000Z' }
          : {},
      ),
    );
    const card = await renderCard(`/client/notification-settings?sso=${outcome}`);
    expect(within(card).getByRole(role)).toHaveTextContent(SSO_MESSAGES.testOutcome[outcome]);
  });

  it('requires a tested provider for its domain, and says owners keep the way back in', async () => {
    const tested = connection({
      domain: 'northwind.example',
      testedAt: '2026-12-01T09:05:00.000Z',
    });
    answerSettings(tested);
    const required = onApi(
      'put',
      'organisation/sso',
      ok({ connection: { ...tested, required: true } }),
    );
    const card = await renderCard();
    expect(
      await within(card).findByText(SSO_MESSAGES.testedFor('northwind.example')),
    ).toBeInTheDocument();

    await userEvent.setup().click(within(card).getByRole('button', { name: SSO_MESSAGES.enable }));

    expect(
      await within(card).findByText(SSO_MESSAGES.requiredFor('northwind.example')),
    ).toBeInTheDocument();
    expect(required).toHaveBeenCalledWith(
      withBody({ issuer: ISSUER, clientId: 'b7c1e0f2-verity', required: true }),
    );
    expect(within(card).getByRole('button', { name: SSO_MESSAGES.disable })).toBeInTheDocument();
  });

  it('asks and hints in the language in use', async () => {
    answerSettings(connection());
    const card = await renderCard();
    await act(() => switchLanguage('pt'));
    expect(
      await within(card).findByLabelText(SSO_MESSAGES.issuerLabel),
    ).toHaveAccessibleDescription('Por exemplo, https://login.microsoftonline.com/<tenant>/v2.0');
    await userEvent.setup().click(within(card).getByRole('button', { name: SSO_MESSAGES.remove }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover o login único?' });
    expect(dialog).toHaveTextContent('cada membro volta a entrar com o login do próprio Verity');
  });
});
