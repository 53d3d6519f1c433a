import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES as text,
  API_TOKEN_ROLES,
  ROLE_LABELS,
  checkApiTokenName,
  type ApiToken,
  type NewApiToken,
} from '@verity/shared-api';
import {
  createApiToken,
  getErrorText,
  listApiTokens,
  revokeApiToken,
} from '@verity/shared-api/calls';
import {
  Button,
  ConfirmDialog,
  LoadingState,
  SelectField,
  TextField,
  formatDateTime,
  toast,
} from '@verity/shared-ui';
import { SecretOnce } from './secret-once';
import { SettingsCard } from './settings-card';

const tokensKey = ['api-tokens'] as const;
const EXPIRY_CHOICES = [30, 90, 180, 365] as const;

/** "Viewer · expires 03/03/2027 10:00 AM · last used never", or how it ended. */
function tokenState(token: ApiToken, now: number): string {
  const role = token.purpose === 'provisioning' ? 'Provisioning (SCIM)' : ROLE_LABELS[token.role];
  if (token.revokedAt)
    return `${role} · revoked ${formatDateTime(token.revokedAt)}${token.revokedByName ? ` by ${token.revokedByName}` : ''}`;
  const lastUsed = token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'never';
  const expires = Date.parse(token.expiresAt) <= now ? 'expired' : 'expires';
  return `${role} · ${expires} ${formatDateTime(token.expiresAt)} · last used ${lastUsed}`;
}

const isLive = (token: ApiToken, now: number) =>
  !token.revokedAt && Date.parse(token.expiresAt) > now;

/**
 * The organisation's API tokens, for its owners: make one (its secret shown once, to copy), see
 * when each was last used, revoke one (docs/decisions/0095-api-tokens.md).
 */
export function ApiTokensCard() {
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: tokensKey, queryFn: () => listApiTokens() });
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('viewer');
  const [purpose, setPurpose] = useState<string>('api');
  const [expiresInDays, setExpiresInDays] = useState(String(API_TOKEN_LIMITS.expiresInDaysDefault));
  const [nameError, setNameError] = useState<string | null>(null);
  const [made, setMade] = useState<NewApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tokensKey });

  const create = useMutation({
    mutationFn: () => createApiToken({ name, role, purpose, expiresInDays: Number(expiresInDays) }),
    onSuccess: (created) => {
      setMade(created);
      setName('');
      void refresh();
    },
    onError: (failure) => toast.error(getErrorText(failure)),
  });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => revokeApiToken(token.id),
    onSuccess: (revoked) => {
      setRevoking(null);
      toast.success(`${revoked.name} revoked.`);
      void refresh();
    },
    onError: (failure) => toast.error(getErrorText(failure)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkApiTokenName(name);
    if (!checked.ok) {
      setNameError(checked.message);
      return;
    }
    create.mutate();
  };
  const now = Date.now();

  return (
    <SettingsCard title={text.title} intro={text.intro}>
      {made ? (
        <SecretOnce label="Secret" secret={made.secret} onDone={() => setMade(null)}>
          <strong>{made.token.name}</strong>: {text.secretOnce}
        </SecretOnce>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="notification-settings__form">
        <TextField
          label="Token name"
          hint="The system that will use it, such as Portfolio sync."
          value={name}
          maxLength={API_TOKEN_LIMITS.name + 20}
          error={nameError ?? undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
        />
        <SelectField
          label="Used for"
          value={purpose}
          onChange={(event) => setPurpose(event.target.value)}
          options={[
            { value: 'api', label: 'The Verity API' },
            { value: 'provisioning', label: 'Provisioning members from your directory (SCIM)' },
          ]}
        />
        {purpose === 'api' ? (
          <SelectField
            label="Acts as"
            value={role}
            onChange={(event) => setRole(event.target.value)}
            options={API_TOKEN_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          />
        ) : null}
        <SelectField
          label="Expires after"
          value={expiresInDays}
          onChange={(event) => setExpiresInDays(event.target.value)}
          options={EXPIRY_CHOICES.map((days) => ({ value: String(days), label: `${days} days` }))}
        />
        <div className="notification-settings__actions">
          <Button type="submit" loading={create.isPending}>
            {text.create}
          </Button>
        </div>
      </form>
      {tokens.isPending ? <LoadingState /> : null}
      {tokens.isError ? (
        <p className="notification-settings__alert" role="alert">
          {getErrorText(tokens.error)}
        </p>
      ) : null}
      {tokens.data && tokens.data.length > 0 ? (
        <ul className="api-tokens__list" aria-label={text.title}>
          {tokens.data.map((token) => (
            <li
              key={token.id}
              className="api-tokens__item"
              data-live={isLive(token, now) ? 'true' : 'false'}
            >
              <div className="api-tokens__text">
                <span className="api-tokens__name">
                  {token.name} <span className="api-tokens__hint">…{token.secretHint}</span>
                </span>
                <span className="api-tokens__state">{tokenState(token, now)}</span>
              </div>
              {isLive(token, now) ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={`${text.revoke} ${token.name}`}
                  onClick={() => setRevoking(token)}
                >
                  {text.revoke}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke ${revoking?.name ?? ''}?`}
        text="The system using it is refused from its next request. This cannot be undone."
        confirmLabel={text.revoke}
        confirmVariant="danger"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </SettingsCard>
  );
}
