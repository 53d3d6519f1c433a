import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES as text,
  checkWebhookEvents,
  checkWebhookUrl,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookSecret,
} from '@verity/shared-api';
import {
  createWebhook,
  getErrorText,
  listWebhookDeliveries,
  listWebhooks,
  removeWebhook,
  resendWebhookDelivery,
  rollWebhookSecret,
  updateWebhook,
} from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import {
  Button,
  ConfirmDialog,
  LoadingState,
  TextField,
  formatDateTime,
  toast,
} from '@verity/shared-ui';
import { SecretOnce, emphasise } from './secret-once';
import { SettingsCard } from './settings-card';
import { t } from './texts';

const endpointsKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

/** A delivery's state in words. */
function stateWords(state: WebhookDelivery['state']): string {
  if (state === 'pending') return t('settings.webhooks.statePending');
  return state === 'delivered'
    ? t('settings.webhooks.stateDelivered')
    : t('settings.webhooks.stateFailed');
}

/** An endpoint's last deliveries, each with the receiver's answer; a failed one can go again. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  useLanguage();
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpoint.id),
    queryFn: () => listWebhookDeliveries(endpoint.id),
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery(endpoint.id, deliveryId),
    onSuccess: () => {
      toast.success(t('settings.webhooks.sentAgain'));
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(endpoint.id) });
    },
    onError: (failure) => toast.error(getErrorText(failure)),
  });
  if (deliveries.isPending) return <LoadingState />;
  if (deliveries.isError)
    return (
      <p className="notification-settings__alert" role="alert">
        {getErrorText(deliveries.error)}
      </p>
    );
  if (deliveries.data.total === 0)
    return <p className="api-tokens__state">{t('settings.webhooks.noDeliveries')}</p>;
  return (
    <ul
      className="api-tokens__list"
      aria-label={t('settings.webhooks.deliveriesTo', { url: endpoint.url })}
    >
      {deliveries.data.deliveries.map((delivery) => (
        <li key={delivery.id} className="api-tokens__item">
          <div className="api-tokens__text">
            <span className="api-tokens__name">{WEBHOOK_EVENT_LABELS[delivery.eventType]}</span>
            <span className="api-tokens__state">
              {stateWords(delivery.state)} · {formatDateTime(delivery.createdAt)} ·{' '}
              {t('settings.webhooks.attempts', { count: delivery.attempts })}
              {delivery.responseStatus !== null
                ? ` · ${t('settings.webhooks.answered', { status: delivery.responseStatus })}`
                : ''}
              {delivery.state === 'failed' && delivery.responseExcerpt
                ? ` · ${delivery.responseExcerpt.slice(0, 160)}`
                : ''}
            </span>
          </div>
          {delivery.state === 'failed' ? (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              loading={resend.isPending && resend.variables === delivery.id}
              onClick={() => resend.mutate(delivery.id)}
            >
              {t('settings.webhooks.sendAgain')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The organisation's webhook endpoints, for its owners (docs/decisions/0096-webhooks.md): add one
 * with the events it wants (its signing secret shown once), switch it off or on, roll its secret,
 * remove it, and read its deliveries.
 */
export function WebhooksCard() {
  useLanguage();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: endpointsKey, queryFn: () => listWebhooks() });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['gap.status_changed']);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const [secret, setSecret] = useState<WebhookSecret | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointsKey });
  const failed = (failure: unknown) => toast.error(getErrorText(failure));

  const create = useMutation({
    mutationFn: () => createWebhook({ url, events }),
    onSuccess: (made) => {
      setSecret(made);
      setUrl('');
      void refresh();
    },
    onError: failed,
  });
  const toggle = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) =>
      updateWebhook(endpoint.id, { enabled: !endpoint.enabled }),
    onSuccess: (endpoint) => {
      toast.success(
        endpoint.enabled ? t('settings.webhooks.switchedOn') : t('settings.webhooks.switchedOff'),
      );
      void refresh();
    },
    onError: failed,
  });
  const roll = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => rollWebhookSecret(endpoint.id),
    onSuccess: setSecret,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => removeWebhook(endpoint.id),
    onSuccess: () => {
      setRemoving(null);
      toast.success(t('settings.webhooks.removed'));
      void refresh();
    },
    onError: failed,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checkedUrl = checkWebhookUrl(url);
    const checkedEvents = checkWebhookEvents(events);
    setUrlError(checkedUrl.ok ? null : checkedUrl.message);
    setEventsError(checkedEvents.ok ? null : checkedEvents.message);
    if (checkedUrl.ok && checkedEvents.ok) create.mutate();
  };

  return (
    <SettingsCard title={text.title} intro={t('settings.webhooks.intro')}>
      {secret ? (
        <SecretOnce
          label={t('settings.webhooks.secretLabel')}
          secret={secret.secret}
          onDone={() => setSecret(null)}
        >
          {emphasise(
            t('settings.webhooks.secretFor', { url: secret.endpoint.url }),
            secret.endpoint.url,
          )}
        </SecretOnce>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="notification-settings__form">
        <TextField
          label={t('settings.webhooks.urlLabel')}
          hint={t('settings.webhooks.urlHint')}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          error={urlError ?? undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setUrlError(null);
          }}
        />
        <fieldset className="webhooks__events">
          <legend>{t('settings.webhooks.eventsLabel')}</legend>
          {WEBHOOK_EVENTS.map((value) => (
            <label key={value} className="webhooks__event">
              <input
                type="checkbox"
                checked={events.includes(value)}
                onChange={(event) => {
                  setEventsError(null);
                  setEvents((chosen) =>
                    event.target.checked
                      ? [...chosen, value]
                      : chosen.filter((other) => other !== value),
                  );
                }}
              />
              {WEBHOOK_EVENT_LABELS[value]}
            </label>
          ))}
          {eventsError ? (
            <p className="notification-settings__alert" role="alert">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        <div className="notification-settings__actions">
          <Button type="submit" loading={create.isPending}>
            {t('settings.webhooks.add')}
          </Button>
        </div>
      </form>
      {endpoints.isPending ? <LoadingState /> : null}
      {endpoints.isError ? (
        <p className="notification-settings__alert" role="alert">
          {getErrorText(endpoints.error)}
        </p>
      ) : null}
      {endpoints.data && endpoints.data.length > 0 ? (
        <ul className="api-tokens__list" aria-label={t('settings.webhooks.listLabel')}>
          {endpoints.data.map((endpoint) => (
            <li
              key={endpoint.id}
              className="api-tokens__item webhooks__endpoint"
              data-live={endpoint.enabled ? 'true' : 'false'}
            >
              <div className="api-tokens__text">
                <span className="api-tokens__name">{endpoint.url}</span>
                <span className="api-tokens__state">
                  {endpoint.enabled
                    ? t('settings.webhooks.on')
                    : (endpoint.disabledReason ?? t('settings.webhooks.off'))}{' '}
                  ·{' '}
                  {endpoint.events
                    .map((event) => WEBHOOK_EVENT_LABELS[event])
                    .join(t('settings.page.listSeparator'))}
                </span>
              </div>
              <div className="notification-settings__actions">
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  aria-expanded={open === endpoint.id}
                  onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                >
                  {t('settings.webhooks.deliveries')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => toggle.mutate(endpoint)}
                >
                  {endpoint.enabled
                    ? t('settings.webhooks.switchOff')
                    : t('settings.webhooks.switchOn')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => roll.mutate(endpoint)}
                >
                  {t('settings.webhooks.newSecret')}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setRemoving(endpoint)}
                >
                  {t('settings.webhooks.remove')}
                </Button>
              </div>
              {open === endpoint.id ? (
                <div className="webhooks__deliveries">
                  <Deliveries endpoint={endpoint} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => {
          if (!next) setRemoving(null);
        }}
        title={t('settings.webhooks.removeTitle')}
        text={t('settings.webhooks.removeText', { url: removing?.url ?? '' })}
        confirmLabel={t('settings.webhooks.remove')}
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </SettingsCard>
  );
}
