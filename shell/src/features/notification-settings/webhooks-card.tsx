import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_MESSAGES as text,
  checkWebhookEvents,
  checkWebhookUrl,
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
import {
  Button,
  ConfirmDialog,
  LoadingState,
  TextField,
  formatDateTime,
  toast,
} from '@verity/shared-ui';
import { SecretOnce } from './secret-once';
import { SettingsCard } from './settings-card';

const endpointsKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

const STATE_WORDS = { pending: 'Waiting', delivered: 'Delivered', failed: 'Failed' } as const;

/** An endpoint's last deliveries, each with the receiver's answer; a failed one can go again. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpoint.id),
    queryFn: () => listWebhookDeliveries(endpoint.id),
  });
  const resend = useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery(endpoint.id, deliveryId),
    onSuccess: () => {
      toast.success('Sent again: a new delivery is waiting.');
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
  if (deliveries.data.total === 0) return <p className="api-tokens__state">No deliveries yet.</p>;
  return (
    <ul className="api-tokens__list" aria-label={`Deliveries to ${endpoint.url}`}>
      {deliveries.data.deliveries.map((delivery) => (
        <li key={delivery.id} className="api-tokens__item">
          <div className="api-tokens__text">
            <span className="api-tokens__name">{WEBHOOK_EVENT_LABELS[delivery.eventType]}</span>
            <span className="api-tokens__state">
              {STATE_WORDS[delivery.state]} · {formatDateTime(delivery.createdAt)} ·{' '}
              {delivery.attempts} {delivery.attempts === 1 ? 'try' : 'tries'}
              {delivery.responseStatus !== null ? ` · answered ${delivery.responseStatus}` : ''}
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
              Send again
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
      toast.success(endpoint.enabled ? 'Endpoint switched on.' : 'Endpoint switched off.');
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
      toast.success('Endpoint removed.');
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
    <SettingsCard
      title={text.title}
      intro="Verity tells another system when something happens in your organisation’s plans: each event is POSTed, signed with the endpoint’s secret, to the address you give."
    >
      {secret ? (
        <SecretOnce label="Signing secret" secret={secret.secret} onDone={() => setSecret(null)}>
          Signing secret for <strong>{secret.endpoint.url}</strong>: copy it now, it will not be
          shown again.
        </SecretOnce>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="notification-settings__form">
        <TextField
          label="Endpoint address"
          hint="An https address of the receiving system."
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
          <legend>Events to send</legend>
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
            Add endpoint
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
        <ul className="api-tokens__list" aria-label="Webhook endpoints">
          {endpoints.data.map((endpoint) => (
            <li
              key={endpoint.id}
              className="api-tokens__item webhooks__endpoint"
              data-live={endpoint.enabled ? 'true' : 'false'}
            >
              <div className="api-tokens__text">
                <span className="api-tokens__name">{endpoint.url}</span>
                <span className="api-tokens__state">
                  {endpoint.enabled ? 'On' : (endpoint.disabledReason ?? 'Switched off')} ·{' '}
                  {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
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
                  Deliveries
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => toggle.mutate(endpoint)}
                >
                  {endpoint.enabled ? 'Switch off' : 'Switch on'}
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  onClick={() => roll.mutate(endpoint)}
                >
                  New secret
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setRemoving(endpoint)}
                >
                  Remove
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
        title="Remove this endpoint?"
        text={`Verity stops sending to ${removing?.url ?? ''}, and its delivery log goes with it.`}
        confirmLabel="Remove"
        confirmVariant="danger"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </SettingsCard>
  );
}
