import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { may, type ClientSettings, type SessionUser } from '@verity/shared-api';
import { getClientSettings, getErrorText, updateClientSettings } from '@verity/shared-api/calls';
import { LoadingState, PageHeader, toast } from '@verity/shared-ui';
import { PORTFOLIO_SETTINGS_TEXT as text } from '../../strings';
import './portfolio-settings.css';

/**
 * The client's portfolio settings: 'Closure needs evidence review'. Every client user sees it; the
 * owner switches it (the API refuses anyone else).
 */
export function PortfolioSettingsScreen({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const canChange = may(user, 'manageClientSettings');
  const settings = useQuery({
    queryKey: queryKeys.clientSettings(),
    queryFn: () => getClientSettings(),
  });
  const change = useMutation({
    mutationFn: (next: Partial<ClientSettings>) => updateClientSettings(next),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.clientSettings(), saved);
      toast.success(saved.closureNeedsReview ? text.switchedOn : text.switchedOff);
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
    </div>
  );
}
