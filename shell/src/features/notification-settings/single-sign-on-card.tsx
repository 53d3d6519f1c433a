import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SSO_MESSAGES as text,
  SSO_TEST_OUTCOMES,
  SSO_TEST_URL,
  checkSsoClientValue,
  checkSsoIssuer,
  type SsoConnection,
  type SsoTestOutcome,
} from '@verity/shared-api';
import {
  getErrorText,
  getSingleSignOn,
  removeSingleSignOn,
  saveSingleSignOn,
} from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { Button, ConfirmDialog, LoadingState, TextField, toast } from '@verity/shared-ui';
import { assignLocation } from '../../lib/browser-location';
import { SettingsCard } from './settings-card';
import { t } from './texts';

const connectionKey = ['single-sign-on'] as const;

const isOutcome = (value: string | null): value is SsoTestOutcome =>
  (SSO_TEST_OUTCOMES as readonly (string | null)[]).includes(value);

/** Where the provider stands: not tested, tested for a domain, or required for it. */
function ConnectionState({ connection }: { connection: SsoConnection }) {
  useLanguage();
  const [message, state] = !connection.domain
    ? [text.notTested, 'untested']
    : connection.required
      ? [text.requiredFor(connection.domain), 'required']
      : [text.testedFor(connection.domain), 'tested'];
  return (
    <p className="notification-settings__note single-sign-on__state" data-state={state}>
      {message}
    </p>
  );
}

/**
 * The organisation's own identity provider, for its owners (docs/decisions/0098-single-sign-on.md):
 * its issuer, client ID and secret; a test sign-in by the owner, which sets the domain it answers
 * for; then requiring it for the members with an address there.
 */
export function SingleSignOnCard() {
  useLanguage();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const answer = useQuery({ queryKey: connectionKey, queryFn: () => getSingleSignOn() });
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [removing, setRemoving] = useState(false);
  // What the last test sign-in found: the API sends the browser back here with ?sso=<outcome>.
  const [outcome] = useState(() => {
    const value = searchParams.get('sso');
    return isOutcome(value) ? value : null;
  });
  useEffect(() => {
    if (!searchParams.has('sso')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('sso');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);

  const saved = answer.data?.connection ?? null;
  useEffect(() => {
    if (!saved) return;
    setIssuer(saved.issuer);
    setClientId(saved.clientId);
  }, [saved]);

  const store = (value: SsoConnection | null) =>
    queryClient.setQueryData(connectionKey, (before: typeof answer.data) =>
      before ? { ...before, connection: value } : before,
    );
  const failed = (failure: unknown) => toast.error(getErrorText(failure));
  const save = useMutation({
    mutationFn: () =>
      saveSingleSignOn({
        issuer,
        clientId,
        ...(clientSecret.trim() ? { clientSecret } : {}),
      }),
    onSuccess: (value) => {
      store(value);
      setClientSecret('');
      toast.success(t('settings.singleSignOn.saved'));
    },
    onError: failed,
  });
  const require = useMutation({
    mutationFn: (required: boolean) =>
      saveSingleSignOn({ issuer: saved!.issuer, clientId: saved!.clientId, required }),
    onSuccess: (value) => {
      store(value);
      toast.success(
        value.required
          ? t('settings.singleSignOn.nowRequired')
          : t('settings.singleSignOn.noLongerRequired'),
      );
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => removeSingleSignOn(),
    onSuccess: () => {
      setRemoving(false);
      store(null);
      setIssuer('');
      setClientId('');
      toast.success(t('settings.singleSignOn.removed'));
    },
    onError: failed,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checkedIssuer = checkSsoIssuer(issuer, true);
    const checkedClient = checkSsoClientValue(clientId, 'clientId');
    const secretNeeded =
      !saved || checkedIssuer.ok === false || saved.issuer !== checkedIssuer.value;
    const checkedSecret =
      clientSecret.trim() || secretNeeded
        ? checkSsoClientValue(clientSecret, 'clientSecret')
        : undefined;
    const next = {
      issuer: checkedIssuer.ok ? undefined : checkedIssuer.message,
      clientId: checkedClient.ok ? undefined : checkedClient.message,
      clientSecret: checkedSecret && !checkedSecret.ok ? checkedSecret.message : undefined,
    };
    setErrors(next);
    if (!next.issuer && !next.clientId && !next.clientSecret) save.mutate();
  };

  return (
    <SettingsCard title={text.title} intro={text.intro}>
      {outcome ? (
        <p
          className={
            outcome === 'tested' ? 'notification-settings__note' : 'notification-settings__alert'
          }
          role={outcome === 'tested' ? 'status' : 'alert'}
        >
          {text.testOutcome[outcome]}
        </p>
      ) : null}
      {answer.isPending ? <LoadingState /> : null}
      {answer.isError ? (
        <p className="notification-settings__alert" role="alert">
          {getErrorText(answer.error)}
        </p>
      ) : null}
      {saved ? <ConnectionState connection={saved} /> : null}
      {answer.data ? (
        <p className="notification-settings__note">
          {t('settings.page.labelled', { label: text.redirectLabel })}{' '}
          <code className="single-sign-on__value">{answer.data.redirectUri}</code>
        </p>
      ) : null}
      {answer.isSuccess ? (
        <form onSubmit={onSubmit} noValidate className="notification-settings__form">
          <TextField
            label={text.issuerLabel}
            hint={t('settings.singleSignOn.issuerHint')}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={issuer}
            error={errors.issuer}
            onChange={(event) => setIssuer(event.target.value)}
          />
          <TextField
            label={text.clientIdLabel}
            autoComplete="off"
            spellCheck={false}
            value={clientId}
            error={errors.clientId}
            onChange={(event) => setClientId(event.target.value)}
          />
          <TextField
            label={text.clientSecretLabel}
            type="password"
            autoComplete="new-password"
            hint={saved ? text.clientSecretKept : undefined}
            value={clientSecret}
            error={errors.clientSecret}
            onChange={(event) => setClientSecret(event.target.value)}
          />
          <div className="notification-settings__actions">
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
            {saved ? (
              <>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => assignLocation(SSO_TEST_URL)}
                >
                  {text.test}
                </Button>
                {saved.domain ? (
                  <Button
                    type="button"
                    variant="secondary"
                    loading={require.isPending}
                    onClick={() => require.mutate(!saved.required)}
                  >
                    {saved.required ? text.disable : text.enable}
                  </Button>
                ) : null}
                <Button type="button" variant="secondary" onClick={() => setRemoving(true)}>
                  {text.remove}
                </Button>
              </>
            ) : null}
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('settings.singleSignOn.removeTitle')}
        text={t('settings.singleSignOn.removeText')}
        confirmLabel={text.remove}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </SettingsCard>
  );
}
