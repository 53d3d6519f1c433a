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
import { useLanguage } from '@verity/session';
import {
  Button,
  ConfirmDialog,
  LoadingState,
  SelectField,
  TextField,
  formatDateTime,
  toast,
} from '@verity/shared-ui';
import { SecretOnce, emphasise } from './secret-once';
import { SettingsCard } from './settings-card';
import { t } from './texts';

const tokensKey = ['api-tokens'] as const;
const EXPIRY_CHOICES = [30, 90, 180, 365] as const;

/** "Viewer · expires 03/03/2027 10:00 AM · last used never", or how it ended. */
function tokenState(token: ApiToken, now: number): string {
  const role =
    token.purpose === 'provisioning'
      ? t('settings.apiTokens.provisioningRole')
      : ROLE_LABELS[token.role];
  if (token.revokedAt) {
    const revokedAt = formatDateTime(token.revokedAt);
    return token.revokedByName
      ? t('settings.apiTokens.stateRevokedBy', { role, revokedAt, name: token.revokedByName })
      : t('settings.apiTokens.stateRevoked', { role, revokedAt });
  }
  const expiresAt = formatDateTime(token.expiresAt);
  const expired = Date.parse(token.expiresAt) <= now;
  if (!token.lastUsedAt)
    return expired
      ? t('settings.apiTokens.stateExpiredUnused', { role, expiresAt })
      : t('settings.apiTokens.stateLiveUnused', { role, expiresAt });
  const lastUsedAt = formatDateTime(token.lastUsedAt);
  return expired
    ? t('settings.apiTokens.stateExpired', { role, expiresAt, lastUsedAt })
    : t('settings.apiTokens.stateLive', { role, expiresAt, lastUsedAt });
}

const isLive = (token: ApiToken, now: number) =>
  !token.revokedAt && Date.parse(token.expiresAt) > now;

/**
 * The organisation's API tokens, for its owners: make one (its secret shown once, to copy), see
 * when each was last used, revoke one (docs/decisions/0095-api-tokens.md).
 */
export function ApiTokensCard() {
  useLanguage();
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
      toast.success(t('settings.apiTokens.revoked', { name: revoked.name }));
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
        <SecretOnce
          label={t('settings.apiTokens.secretLabel')}
          secret={made.secret}
          onDone={() => setMade(null)}
        >
          {emphasise(
            t('settings.apiTokens.secretOf', {
              name: made.token.name,
              secretOnce: text.secretOnce,
            }),
            made.token.name,
          )}
        </SecretOnce>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="notification-settings__form">
        <TextField
          label={t('settings.apiTokens.nameLabel')}
          hint={t('settings.apiTokens.nameHint')}
          value={name}
          maxLength={API_TOKEN_LIMITS.name + 20}
          error={nameError ?? undefined}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(null);
          }}
        />
        <SelectField
          label={t('settings.apiTokens.purposeLabel')}
          value={purpose}
          onChange={(event) => setPurpose(event.target.value)}
          options={[
            { value: 'api', label: t('settings.apiTokens.purposeApi') },
            { value: 'provisioning', label: t('settings.apiTokens.purposeProvisioning') },
          ]}
        />
        {purpose === 'api' ? (
          <SelectField
            label={t('settings.apiTokens.roleLabel')}
            value={role}
            onChange={(event) => setRole(event.target.value)}
            options={API_TOKEN_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          />
        ) : null}
        <SelectField
          label={t('settings.apiTokens.expiryLabel')}
          value={expiresInDays}
          onChange={(event) => setExpiresInDays(event.target.value)}
          options={EXPIRY_CHOICES.map((days) => ({
            value: String(days),
            label: t('settings.apiTokens.expiryDays', { count: days }),
          }))}
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
                  aria-label={t('settings.apiTokens.revokeNamed', { name: token.name })}
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
        title={t('settings.apiTokens.revokeTitle', { name: revoking?.name ?? '' })}
        text={t('settings.apiTokens.revokeText')}
        confirmLabel={text.revoke}
        confirmVariant="danger"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </SettingsCard>
  );
}
