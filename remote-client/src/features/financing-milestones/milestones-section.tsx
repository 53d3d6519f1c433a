import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MILESTONE_LIMITS,
  MILESTONE_MESSAGES as text,
  checkMilestones,
  milestoneName,
  type CompanyMilestones,
} from '@verity/shared-api';
import {
  getCompanyMilestones,
  getErrorText,
  updateCompanyMilestones,
} from '@verity/shared-api/calls';
import { Button, DateField, LoadingState, TextField, formatDate, toast } from '@verity/shared-ui';
import { getErrorStatus, useLanguage } from '@verity/session';
import { MILESTONES_TEXT as labels } from '../../strings';
import './milestones-section.css';

/** The query of a company's milestones (read again after a save, which moves gaps' due dates). */
export const milestonesKey = (targetCompanyId: string) =>
  ['companyMilestones', targetCompanyId] as const;

interface Row {
  name: string;
  reachedOn: string;
  standard: boolean;
}

const rowsOf = (data: CompanyMilestones): Row[] =>
  data.milestones.map((m) => ({
    name: m.name,
    reachedOn: m.reachedOn ?? '',
    standard: m.standard,
  }));

/**
 * A company's financing milestones on the client's company page
 * (docs/decisions/0084-financing-milestones.md): financial close, first disbursement and the ones
 * the client names, each with the date reached. The client's users who may manage the company set
 * them; the items due relative to a milestone get their due dates when it is saved.
 */
export function MilestonesSection({ targetCompanyId }: { targetCompanyId: string }) {
  useLanguage();
  const headingId = useId();
  const queryClient = useQueryClient();
  const milestones = useQuery({
    queryKey: milestonesKey(targetCompanyId),
    queryFn: () => getCompanyMilestones(targetCompanyId),
  });
  // The rows as the client edits them, once they do; until then (and again once saved) the
  // milestones as read: a later read never replaces what is being typed.
  const [edits, setEdits] = useState<Row[] | undefined>();
  const rows = edits ?? (milestones.data ? rowsOf(milestones.data) : undefined);
  const [problem, setProblem] = useState<string | undefined>();

  const save = useMutation({
    mutationFn: (next: Row[]) =>
      updateCompanyMilestones(targetCompanyId, {
        milestones: next.map((row) => ({ name: row.name, reachedOn: row.reachedOn || null })),
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(milestonesKey(targetCompanyId), saved);
      setEdits(undefined);
      // The plans' due dates may have moved with a milestone's date.
      void queryClient.invalidateQueries();
      toast.success(text.saved);
    },
    onError: (error) => setProblem(getErrorText(error)),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!rows) return;
    const checked = checkMilestones(rows);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(undefined);
    save.mutate(rows);
  }

  const change = (index: number, patch: Partial<Row>) =>
    setEdits(rows?.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const canManage = milestones.data?.canManage ?? false;
  // A mistyped or foreign company: the dashboard above says it is not found; nothing to add here.
  const status = milestones.isError ? getErrorStatus(milestones.error) : undefined;
  if (status === 400 || status === 404) return null;

  return (
    <section className="vc-milestones" aria-labelledby={headingId}>
      <h2 id={headingId} className="vc-milestones__heading">
        {text.title}
      </h2>
      <p className="vc-milestones__help">{text.intro}</p>
      {milestones.isPending ? <LoadingState /> : null}
      {milestones.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(milestones.error)}
        </p>
      ) : null}
      {rows && !canManage ? (
        <dl className="vc-milestones__list">
          {rows.map((row) => (
            <div key={row.name} className="vc-milestones__item">
              <dt>{milestoneName(row.name)}</dt>
              <dd>{row.reachedOn ? formatDate(row.reachedOn, 'detail') : text.notReached}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {rows && canManage ? (
        <form className="vc-milestones__form" noValidate onSubmit={onSubmit}>
          <ul className="vc-milestones__rows">
            {rows.map((row, index) => (
              <li key={index} className="vc-milestones__row">
                {row.standard ? (
                  <span className="vc-milestones__name" id={`${headingId}-name-${index}`}>
                    {milestoneName(row.name)}
                  </span>
                ) : (
                  <TextField
                    id={`${headingId}-name-${index}`}
                    label={labels.milestone}
                    value={row.name}
                    maxLength={MILESTONE_LIMITS.name}
                    onChange={(event) => change(index, { name: event.target.value })}
                  />
                )}
                <DateField
                  id={`${headingId}-date-${index}`}
                  label={row.standard ? labels.dateOf(milestoneName(row.name)) : labels.dateReached}
                  hint={row.reachedOn ? undefined : text.notReached}
                  value={row.reachedOn}
                  onChange={(event) => change(index, { reachedOn: event.target.value })}
                />
                {row.standard ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={labels.removeOne(row.name)}
                    onClick={() => setEdits(rows.filter((_, i) => i !== index))}
                  >
                    {labels.remove}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {problem ? (
            <p className="vui-field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="vc-milestones__actions">
            <Button
              variant="secondary"
              disabled={rows.length >= MILESTONE_LIMITS.count}
              onClick={() => setEdits([...rows, { name: '', reachedOn: '', standard: false }])}
            >
              {text.addMilestone}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {text.save}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
