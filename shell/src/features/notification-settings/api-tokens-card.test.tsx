import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_TOKEN_MESSAGES, type ApiToken } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { fails, ok, onApi, withBody } from '@verity/shared-ui/src/testing';
import { renderApp, signedInAs, users } from '../../test/render-app';

jest.mock('../../remotes/federation');

const owner = { ...users.auditor, role: 'owner' } as const;
const SECRET = `vrt_${'a'.repeat(39)}Wx9z`;

const token = (overrides: Partial<ApiToken> = {}): ApiToken => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Portfolio sync',
  role: 'viewer',
  purpose: 'api',
  secretHint: 'Wx9z',
  createdAt: '2026-11-02T09:00:00.000Z',
  createdByName: 'Ayse Owner',
  expiresAt: '2099-01-31T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  revokedByName: null,
  ...overrides,
});

function answerSettings(tokens: ApiToken[] | ApiToken[][]) {
  onApi('get', 'notification-preferences', ok({ preferences: [] }));
  onApi('get', 'organisation/settings', ok({ settings: { timeZone: 'Europe/London' } }));
  onApi('get', 'organisation/webhooks', ok({ endpoints: [] }));
  onApi('get', 'organisation/sso', ok({ connection: null, redirectUri: '/api/v1/auth/callback' }));
  onApi(
    'get',
    'organisation/api-tokens',
    Array.isArray(tokens[0])
      ? (tokens as ApiToken[][]).map((list) => ok({ tokens: list }))
      : ok({ tokens }),
  );
}

async function renderCard(user: typeof owner | (typeof users)['auditor'] = owner) {
  renderApp('/auditor/notification-settings', signedInAs(user));
  await screen.findByRole('heading', { level: 1, name: 'Notification settings' });
}

describe('API tokens card', () => {
  afterEach(() => act(() => switchLanguage('en')));

  it('is for owners only', async () => {
    answerSettings([]);
    await renderCard(users.auditor);
    await screen.findByRole('heading', { name: 'Organisation time zone' });
    expect(
      screen.queryByRole('heading', { name: API_TOKEN_MESSAGES.title }),
    ).not.toBeInTheDocument();
  });

  it('makes a token, shows its secret once with a way to copy it, and lists it', async () => {
    answerSettings([[], [token()]]);
    const created = onApi(
      'post',
      'organisation/api-tokens',
      ok({ token: token(), secret: SECRET }, 201),
    );
    await renderCard();
    const card = (await screen.findByRole('heading', { name: API_TOKEN_MESSAGES.title })).closest(
      'section',
    )!;
    // A name is asked for first.
    await userEvent.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(within(card).getByText(API_TOKEN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();

    await userEvent.type(within(card).getByLabelText(/Token name/), 'Portfolio sync');
    await userEvent.selectOptions(within(card).getByLabelText('Acts as'), 'editor');
    await userEvent.selectOptions(within(card).getByLabelText('Expires after'), '30');
    await userEvent.click(within(card).getByRole('button', { name: 'Create token' }));
    expect(created).toHaveBeenCalledWith(
      withBody({ name: 'Portfolio sync', role: 'editor', purpose: 'api', expiresInDays: 30 }),
    );
    expect(await within(card).findByLabelText('Secret')).toHaveValue(SECRET);
    expect(
      within(card).getByText(API_TOKEN_MESSAGES.secretOnce, { exact: false }),
    ).toBeInTheDocument();
    const listed = await within(card).findByRole('list', { name: API_TOKEN_MESSAGES.title });
    expect(within(listed).getByText(/Viewer · expires .* · last used never/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).queryByLabelText('Secret')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(SECRET);
  });

  it('revokes a token after asking, and shows a refusal in words', async () => {
    answerSettings([
      [
        token(),
        token({
          id: '22222222-2222-4222-8222-222222222222',
          name: 'Old export',
          revokedAt: '2026-11-20T10:00:00.000Z',
          revokedByName: 'Ayse Owner',
        }),
      ],
      [token({ revokedAt: '2026-12-01T10:00:00.000Z', revokedByName: 'Ayse Owner' })],
    ]);
    const revoked = onApi('delete', 'organisation/api-tokens/:id', [
      fails(409, API_TOKEN_MESSAGES.alreadyRevoked),
      ok({ token: token({ revokedAt: '2026-12-01T10:00:00.000Z' }) }),
    ]);
    await renderCard();
    const list = await screen.findByRole('list', { name: API_TOKEN_MESSAGES.title });
    // Only a live token can be revoked; a revoked one says when and by whom.
    expect(within(list).getAllByRole('button', { name: /Revoke/ })).toHaveLength(1);
    expect(within(list).getByText(/revoked .* by Ayse Owner/)).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Revoke Portfolio sync' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke Portfolio sync?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(API_TOKEN_MESSAGES.alreadyRevoked)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toHaveBeenCalledTimes(2));
    expect(revoked.mock.calls[1]![0].params).toEqual({ id: token().id });
    await waitFor(() =>
      expect(within(list).queryAllByRole('button', { name: /Revoke/ })).toHaveLength(0),
    );
  });

  it("writes the tokens' states and the choices in the language in use", async () => {
    answerSettings([
      token({ lastUsedAt: '2026-12-01T10:00:00.000Z' }),
      token({
        id: '33333333-3333-4333-8333-333333333333',
        name: 'Old export',
        expiresAt: '2026-01-01T09:00:00.000Z',
      }),
    ]);
    await renderCard();
    const list = await screen.findByRole('list', { name: API_TOKEN_MESSAGES.title });
    await act(() => switchLanguage('tr'));
    expect(
      await within(list).findByText(/ tarihinde sona eriyor · son kullanım /),
    ).toBeInTheDocument();
    expect(within(list).getByText(/ tarihinde sona erdi · hiç kullanılmadı$/)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'İptal et: Portfolio sync' })).toBeVisible();
    expect(screen.getByRole('option', { name: '30 gün' })).toBeInTheDocument();
  });
});
