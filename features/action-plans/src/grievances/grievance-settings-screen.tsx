import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, type To } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import { grievanceKeys } from './grievance-keys';
import { useLanguage, useSession } from '@verity/session';
import {
  DEFAULT_GRIEVANCE_TARGETS,
  GRIEVANCE_TEXT as text,
  LIST_MAX_PAGE_SIZE,
  checkGrievanceTargets,
  may,
  type GrievanceSettings,
} from '@verity/shared-api';
import {
  getCompanyUsers,
  getErrorText,
  getGrievanceSettings,
  updateGrievanceIdentityViewers,
  updateGrievanceTargets,
} from '@verity/shared-api/calls';
import {
  Button,
  LoadingState,
  PageHeader,
  RoleBadge,
  TextField,
  toast,
  type PageTrail,
} from '@verity/shared-ui';
import '@verity/shared-ui/src/styles/screen.css';
import '../incidents/incidents.css';
import './grievances.css';

function useGrievanceSettings(targetCompanyId: string) {
  return useQuery({
    queryKey: grievanceKeys.settings(targetCompanyId),
    queryFn: () => getGrievanceSettings(targetCompanyId),
  });
}

/**
 * The company's targets in one line under its log, with the way to change them and to name who
 * sees identities for its owner and admins.
 */
export function GrievanceTargetsLine({
  targetCompanyId,
  settingsPath,
}: {
  targetCompanyId: string;
  /** The settings page; only for those who may change something there. */
  settingsPath?: To;
}) {
  useLanguage();
  const settings = useGrievanceSettings(targetCompanyId);
  if (!settings.data) return null;
  return (
    <p className="vui-grievances__targets-line">
      <span className="vui-incidents__muted">
        {text.targetsLine(settings.data.acknowledgeWithinDays, settings.data.resolveWithinDays)}
      </span>
      {settingsPath ? <Link to={settingsPath}>{text.settings}</Link> : null}
    </p>
  );
}

/** The targets form's fields for saved targets. */
const targetFields = (acknowledgeWithinDays: number, resolveWithinDays: number) => ({
  acknowledge: String(acknowledgeWithinDays),
  resolve: String(resolveWithinDays),
});

function TargetsForm({
  targetCompanyId,
  settings,
  canChange,
}: {
  targetCompanyId: string;
  settings: GrievanceSettings;
  canChange: boolean;
}) {
  useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const { acknowledgeWithinDays, resolveWithinDays } = settings;
  // The saved targets from the first paint (an empty field for a moment would be a wrong answer),
  // and again whenever a save or another tab changes them.
  const [values, setValues] = useState(() =>
    targetFields(acknowledgeWithinDays, resolveWithinDays),
  );
  const [problem, setProblem] = useState<string>();
  useEffect(
    () => setValues(targetFields(acknowledgeWithinDays, resolveWithinDays)),
    [acknowledgeWithinDays, resolveWithinDays],
  );
  const save = useMutation({
    mutationFn: (targets: { acknowledgeWithinDays: number; resolveWithinDays: number }) =>
      updateGrievanceTargets(targetCompanyId, targets),
    onSuccess: (saved) => {
      queryClient.setQueryData(grievanceKeys.settings(targetCompanyId), saved);
      toast.success(text.targetsSaved);
    },
    onError: (error) => setProblem(getErrorText(error)),
  });
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = checkGrievanceTargets({
      acknowledgeWithinDays: Number(values.acknowledge),
      resolveWithinDays: Number(values.resolve),
    });
    setProblem(checked.ok ? undefined : checked.message);
    if (checked.ok) save.mutate(checked.value);
  }
  return (
    <section className="vui-incidents__panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="vui-incidents__heading">
        {text.targetsTitle}
      </h2>
      <p className="vui-incidents__muted">{text.targetsHelp}</p>
      <form className="vui-incidents__text-form" noValidate onSubmit={onSubmit}>
        <div className="vui-incidents__form-row">
          <TextField
            id={`${id}-acknowledge`}
            label={text.acknowledgeWithin}
            type="number"
            inputMode="numeric"
            min={1}
            required
            readOnly={!canChange}
            placeholder={String(DEFAULT_GRIEVANCE_TARGETS.acknowledgeWithinDays)}
            value={values.acknowledge}
            onChange={(event) => setValues({ ...values, acknowledge: event.target.value })}
          />
          <TextField
            id={`${id}-resolve`}
            label={text.resolveWithin}
            type="number"
            inputMode="numeric"
            min={1}
            required
            readOnly={!canChange}
            placeholder={String(DEFAULT_GRIEVANCE_TARGETS.resolveWithinDays)}
            value={values.resolve}
            onChange={(event) => setValues({ ...values, resolve: event.target.value })}
          />
        </div>
        {problem ? (
          <p className="vui-field__error" role="alert">
            {problem}
          </p>
        ) : null}
        {canChange ? (
          <div className="vui-incidents__form-actions">
            <Button type="submit" loading={save.isPending}>
              {text.saveTargets}
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}

function ViewersForm({
  targetCompanyId,
  settings,
  canChange,
}: {
  targetCompanyId: string;
  settings: GrievanceSettings;
  canChange: boolean;
}) {
  useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: queryKeys.users('targetCompany', {
      targetCompanyId,
      pageSize: String(LIST_MAX_PAGE_SIZE),
    }),
    queryFn: () => getCompanyUsers(targetCompanyId, { pageSize: LIST_MAX_PAGE_SIZE }),
  });
  const [chosen, setChosen] = useState<string[]>(settings.identityViewerIds);
  const [problem, setProblem] = useState<string>();
  useEffect(() => setChosen(settings.identityViewerIds), [settings.identityViewerIds]);
  const save = useMutation({
    mutationFn: (userIds: string[]) => updateGrievanceIdentityViewers(targetCompanyId, userIds),
    onSuccess: (saved) => {
      queryClient.setQueryData(grievanceKeys.settings(targetCompanyId), saved);
      // The log and each grievance now answer with the identities, or without them.
      void queryClient.invalidateQueries({ queryKey: grievanceKeys.logs() });
      void queryClient.invalidateQueries({ queryKey: grievanceKeys.grievance() });
      setProblem(undefined);
      toast.success(text.viewersSaved);
    },
    onError: (error) => setProblem(getErrorText(error)),
  });
  return (
    <section className="vui-incidents__panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="vui-incidents__heading">
        {text.viewersTitle}
      </h2>
      <p className="vui-incidents__muted">{text.viewersHelp}</p>
      {canChange ? null : <p className="vui-incidents__muted">{text.viewersOwnerOnly}</p>}
      {users.isPending ? <LoadingState /> : null}
      {users.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(users.error)}
        </p>
      ) : null}
      {users.data ? (
        <form
          className="vui-incidents__text-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(chosen);
          }}
        >
          <fieldset className="vui-grievances__choices">
            <legend className="vui-incidents__subheading">{text.viewersLegend}</legend>
            {users.data.users.map((member) => (
              <label key={member.id} className="vui-grievances__viewer">
                <input
                  type="checkbox"
                  checked={chosen.includes(member.id)}
                  disabled={!canChange}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked
                        ? [...current, member.id]
                        : current.filter((userId) => userId !== member.id),
                    )
                  }
                />
                <span className="vui-grievances__viewer-name">
                  <span className="vui-incidents__wrap">{member.fullname}</span>
                  <span className="vui-incidents__muted vui-incidents__wrap">{member.emailId}</span>
                </span>
                <RoleBadge role={member.role} />
              </label>
            ))}
          </fieldset>
          {chosen.length === 0 ? <p className="vui-incidents__muted">{text.noViewers}</p> : null}
          {problem ? (
            <p className="vui-field__error" role="alert">
              {problem}
            </p>
          ) : null}
          {canChange ? (
            <div className="vui-incidents__form-actions">
              <Button type="submit" loading={save.isPending}>
                {text.saveViewers}
              </Button>
            </div>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

export interface GrievanceSettingsScreenProps {
  targetCompanyId: string;
  trail?: PageTrail;
}

/**
 * The company's grievance targets (its owner and admins set them) and the users who see
 * complainants' identities (its owner names them): docs/decisions/0104-grievances.md.
 */
export function GrievanceSettingsScreen({ targetCompanyId, trail }: GrievanceSettingsScreenProps) {
  useLanguage();
  const user = useSession((state) => state.user);
  const settings = useGrievanceSettings(targetCompanyId);
  return (
    <div className="vui-incidents">
      <PageHeader title={text.settings} description={text.settingsIntro} trail={trail} />
      {settings.isPending ? <LoadingState /> : null}
      {settings.isError ? (
        <p className="vui-screen-alert" role="alert">
          {getErrorText(settings.error)}
        </p>
      ) : null}
      {settings.data ? (
        <>
          <TargetsForm
            targetCompanyId={targetCompanyId}
            settings={settings.data}
            canChange={may(user, 'manageGrievanceTargets')}
          />
          <ViewersForm
            targetCompanyId={targetCompanyId}
            settings={settings.data}
            canChange={may(user, 'manageGrievanceIdentityViewers')}
          />
        </>
      ) : null}
    </div>
  );
}
