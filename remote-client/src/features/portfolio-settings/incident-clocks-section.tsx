import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { DEFAULT_INCIDENT_CLOCKS, checkIncidentClocks } from '@verity/shared-api';
import { getErrorText, getIncidentClocks, updateIncidentClocks } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import { Button, LoadingState, TextField, toast } from '@verity/shared-ui';
import { INCIDENT_CLOCKS_TEXT as text } from '../../strings';

/**
 * The client's incident clocks (docs/decisions/0099-serious-incidents.md): days after an incident
 * to be notified and to have its root cause. Every client user reads them; the owner sets them.
 */
export function IncidentClocksSection({ canChange }: { canChange: boolean }) {
  useLanguage();
  const queryClient = useQueryClient();
  const clocks = useQuery({
    queryKey: queryKeys.incidentClocks(),
    queryFn: () => getIncidentClocks(),
  });
  // What the owner typed, once they type; until then (and again once saved) the clocks as read, so
  // the fields hold them from their first drawing and a later read never overwrites what is typed.
  const [edits, setEdits] = useState<{ notify: string; rootCause: string }>();
  const values = edits ?? {
    notify: clocks.data ? String(clocks.data.notifyWithinDays) : '',
    rootCause: clocks.data ? String(clocks.data.rootCauseWithinDays) : '',
  };
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: (next: { notifyWithinDays: number; rootCauseWithinDays: number }) =>
      updateIncidentClocks(next),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.incidentClocks(), saved);
      setEdits(undefined);
      toast.success(text.saved);
    },
    onError: (error) => setProblem(getErrorText(error)),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkIncidentClocks({
      notifyWithinDays: Number(values.notify),
      rootCauseWithinDays: Number(values.rootCause),
    });
    setProblem(checked.ok ? undefined : checked.message);
    if (checked.ok) save.mutate(checked.value);
  }
  return (
    <section className="vc-settings__card" aria-labelledby="incident-clocks-heading">
      <h2 id="incident-clocks-heading" className="vc-settings__heading">
        {text.heading}
      </h2>
      <p className="vc-settings__help">{text.help}</p>
      {clocks.isPending ? <LoadingState /> : null}
      {clocks.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(clocks.error)}
        </p>
      ) : null}
      {clocks.data ? (
        <form className="vc-settings__clocks" noValidate onSubmit={onSubmit}>
          <TextField
            id="incident-notify-days"
            label={text.notifyWithinDays}
            type="number"
            inputMode="numeric"
            min={1}
            placeholder={String(DEFAULT_INCIDENT_CLOCKS.notifyWithinDays)}
            disabled={!canChange}
            value={values.notify}
            onChange={(event) => setEdits({ ...values, notify: event.target.value })}
          />
          <TextField
            id="incident-root-cause-days"
            label={text.rootCauseWithinDays}
            type="number"
            inputMode="numeric"
            min={1}
            placeholder={String(DEFAULT_INCIDENT_CLOCKS.rootCauseWithinDays)}
            disabled={!canChange}
            value={values.rootCause}
            onChange={(event) => setEdits({ ...values, rootCause: event.target.value })}
          />
          {canChange ? (
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
          ) : null}
        </form>
      ) : null}
      {problem ? (
        <p className="vui-field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {clocks.data?.isDefault ? <p className="vc-settings__help">{text.defaults}</p> : null}
      {canChange ? null : <p className="vc-settings__help">{text.ownerOnly}</p>}
    </section>
  );
}
