import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  EXTENSION_APPROVERS,
  EXTENSION_APPROVER_LABELS,
  may,
  type ClientSettings,
  type SessionUser,
} from '@verity/shared-api';
import { getClientSettings, getErrorText, updateClientSettings } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { LoadingState, PageHeader, toast } from '@verity/shared-ui';
import { PORTFOLIO_SETTINGS_TEXT as text } from '../../strings';
import { IncidentClocksSection } from './incident-clocks-section';
import './portfolio-settings.css';

/**
 * The client's portfolio settings: 'Closure needs evidence review', and who answers due-date
 * extension requests (docs/decisions/0086-due-date-extensions.md). Every client user sees them; the
 * owner changes them (the API refuses anyone else).
 */
export function PortfolioSettingsScreen({ user }: { user: SessionUser }) {
  useLanguage();
  const queryClient = useQueryClient();
  const canChange = may(user, 'manageClientSettings');
  const settings = useQuery({
    queryKey: queryKeys.clientSettings(),
    queryFn: () => getClientSettings(),
  });
  const change = useMutation({
    mutationFn: (next: Partial<ClientSettings>) => updateClientSettings(next),
    onSuccess: (saved, next) => {
      queryClient.setQueryData(queryKeys.clientSettings(), saved);
      if (next.extensionApprover !== undefined) toast.success(text.approverSaved);
      else toast.success(saved.closureNeedsReview ? text.switchedOn : text.switchedOff);
    },
    onError: (error) => toast.error(getErrorText(error)),
  });

  return (
    <div className="vc-settings">
      <PageHeader title={text.title} />
      {settings.isPending ? <LoadingState /> : null}
      {settings.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(settings.error)}
        </p>
      ) : null}
      {settings.isSuccess ? (
        <section className="vc-settings__card" aria-labelledby="closure-review-heading">
          <h2 id="closure-review-heading" className="vc-settings__heading">
            {text.closureHeading}
          </h2>
          <label className="vc-settings__switch">
            <input
              type="checkbox"
              role="switch"
              checked={settings.data.closureNeedsReview}
              disabled={!canChange || change.isPending}
              aria-describedby="closure-review-help"
              onChange={(event) => change.mutate({ closureNeedsReview: event.target.checked })}
            />
            <span>{text.closureLabel}</span>
          </label>
          <p id="closure-review-help" className="vc-settings__help">
            {settings.data.closureNeedsReview ? text.closureOnHelp : text.closureOffHelp}
          </p>
          {canChange ? null : <p className="vc-settings__help">{text.ownerOnly}</p>}
        </section>
      ) : null}
      {settings.isSuccess ? (
        <section className="vc-settings__card" aria-labelledby="extension-heading">
          <h2 id="extension-heading" className="vc-settings__heading">
            {text.extensionHeading}
          </h2>
          <fieldset className="vc-settings__choices" aria-describedby="extension-help">
            <legend>{text.extensionLegend}</legend>
            {EXTENSION_APPROVERS.map((approver) => (
              <label key={approver} className="vc-settings__choice">
                <input
                  type="radio"
                  name="extension-approver"
                  value={approver}
                  checked={settings.data.extensionApprover === approver}
                  disabled={!canChange || change.isPending}
                  onChange={() => change.mutate({ extensionApprover: approver })}
                />
                <span>{EXTENSION_APPROVER_LABELS[approver]}</span>
              </label>
            ))}
          </fieldset>
          <p id="extension-help" className="vc-settings__help">
            {text.extensionHelp}
          </p>
          {canChange ? null : <p className="vc-settings__help">{text.ownerOnly}</p>}
        </section>
      ) : null}
      <IncidentClocksSection canChange={canChange} />
    </div>
  );
}
