// The import screen's steps: a file read into its columns (each mapped from its header, changeable)
// and first rows; the plan's fields and the values for every item; a dry run, then the import.
import { useRef, useState, type ChangeEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  ACTION_PLAN_CATEGORIES,
  ACTION_PLAN_CATEGORY_LABELS,
  ESAP_REVISION_NOTE_MAX,
  ESAP_REVISION_SCREEN as revisionText,
  ESG_ASPECTS,
  ESG_ASPECT_LABELS,
  LIST_MAX_PAGE_SIZE,
  SDGS,
  formHasEsgAspect,
  formHasTimeline,
  minSelectableDate,
  type Audit,
  type EsapColumnMapping,
  type EsapImportResult,
} from '@verity/shared-api';
import { getActionPlans, getErrorText, importEsap } from '@verity/shared-api/calls';
import { useLanguage } from '@verity/session';
import {
  Button,
  DateField,
  SelectField,
  TextField,
  toast,
  useFocusFirstError,
} from '@verity/shared-ui';
import { auditorPaths } from '../../area-paths';
import { CREATE_ACTION_PLAN_TEXTS as planTexts, ESAP_IMPORT_TEXTS as text } from '../../strings';
import { ImportResult } from './import-result';
import {
  MappingTable,
  PreviewTable,
  StatusTable,
  statusTable,
  type StatusChoices,
} from './mapping-table';

interface PlanValues {
  /** '' for a new plan, else the id of one of the audit's plans. */
  into: string;
  actionPlanHeading: string;
  category: string;
  timeline: string;
  ESGAspect: string;
  impactedSDGs: string[];
  /** Into an existing plan: the revision's note. */
  revisionNote: string;
}

const INITIAL: PlanValues = {
  into: '',
  actionPlanHeading: '',
  category: '',
  timeline: '',
  ESGAspect: '',
  impactedSDGs: [],
  revisionNote: '',
};

// Read when shown, so the labels are the language in use's.
const categoryOptions = () =>
  ACTION_PLAN_CATEGORIES.map((category) => ({
    value: category,
    label: ACTION_PLAN_CATEGORY_LABELS[category],
  }));

export interface ImportEsapFormProps {
  audit: Audit;
  targetCompanyId: string;
}

export function ImportEsapForm({ audit, targetCompanyId }: ImportEsapFormProps) {
  useLanguage();
  const auditId = audit.id;
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const dryRun = useRef(true);
  // A new plan asked for although a plan of the audit already has the file's items.
  const newPlanAnyway = useRef(false);
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<EsapImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const [mapping, setMapping] = useState<EsapColumnMapping>({});
  const [statusChoices, setStatusChoices] = useState<StatusChoices>({});
  const [result, setResult] = useState<EsapImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const plans = useQuery({
    // The plans to import into: the newest LIST_MAX_PAGE_SIZE, as many as a choice list can offer.
    queryKey: queryKeys.actionPlans({ auditId, targetCompanyId, pageSize: 'max' }),
    queryFn: () => getActionPlans(auditId, { targetCompanyId, pageSize: LIST_MAX_PAGE_SIZE }),
  });

  const mapped = new Set(Object.values(mapping));
  const needsAspect = formHasEsgAspect(audit.auditForm) && !mapped.has('ESGAspect');
  const needsSdgs = !mapped.has('impactedSDGs');
  const headers = Object.fromEntries((read?.columns ?? []).map((c) => [c.column, c.header]));
  const mappingProblem = text.repeatedMapping(mapping, headers);
  // The statuses of the last answer (a dry run after a changed mapping may find others).
  const statuses = result?.statuses ?? read?.statuses ?? [];

  const formik = useFormik<PlanValues>({
    initialValues: INITIAL,
    validate: (values) => {
      const errors: Partial<Record<keyof PlanValues, string>> = {};
      if (values.into === '') {
        if (values.actionPlanHeading.trim() === '') {
          errors.actionPlanHeading = MESSAGES.ACTION_PLAN_HEADING_REQUIRED;
        }
        if (values.category === '') errors.category = MESSAGES.CATEGORY_REQUIRED;
      }
      if (needsAspect && values.ESGAspect === '') {
        errors.ESGAspect = text.defaultRequired(text.fieldLabels.ESGAspect);
      }
      if (needsSdgs && values.impactedSDGs.length === 0) {
        errors.impactedSDGs = text.defaultRequired(text.fieldLabels.impactedSDGs);
      }
      return errors;
    },
    onSubmit: async (values) => {
      if (!file || mappingProblem) return;
      setFailure(null);
      const newPlan = values.into === '';
      try {
        const answer = await importEsap(
          {
            targetCompanyId,
            auditId,
            dryRun: dryRun.current,
            actionPlanId: values.into || undefined,
            newPlan: newPlan && newPlanAnyway.current,
          },
          {
            file,
            mapping,
            statusMapping: statusTable(statuses, statusChoices),
            actionPlanHeading: newPlan ? values.actionPlanHeading : undefined,
            category: newPlan ? values.category : undefined,
            timeline: newPlan ? values.timeline : undefined,
            ESGAspect: values.ESGAspect || undefined,
            impactedSDGs: values.impactedSDGs,
            revisionNote: newPlan ? undefined : values.revisionNote.trim() || undefined,
          },
        );
        setResult(answer);
        if (!answer.dryRun && answer.actionPlanId) {
          toast.success(
            answer.revision?.recorded
              ? revisionText.recordedTitle(answer.revision.number)
              : text.imported(answer.gaps.imported),
          );
          await queryClient.invalidateQueries({ queryKey: queryKeys.actionPlans() });
          await queryClient.invalidateQueries({
            queryKey: queryKeys.actionPlan(answer.actionPlanId),
          });
          await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
        }
      } catch (error) {
        const message = getErrorText(error, text.failed);
        setFailure(message);
        toast.error(message);
      }
    },
  });
  useFocusFirstError(formRef, formik.submitCount, formik.isSubmitting);

  async function readFile() {
    if (!file) {
      setFailure(text.chooseFile);
      return;
    }
    setReading(true);
    setFailure(null);
    setResult(null);
    try {
      const answer = await importEsap({ targetCompanyId, auditId, dryRun: true }, { file });
      setRead(answer);
      setMapping(Object.fromEntries(answer.columns.map((c) => [c.column, c.field])));
      setStatusChoices({});
    } catch (error) {
      const message = getErrorText(error, text.failed);
      setRead(null);
      setFailure(message);
      toast.error(message);
    } finally {
      setReading(false);
    }
  }

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
    setRead(null);
    setResult(null);
    setFailure(null);
  }

  async function submit(asDryRun: boolean, anyway = false) {
    dryRun.current = asDryRun;
    newPlanAnyway.current = anyway;
    const errors = await formik.validateForm();
    if (Object.keys(errors).length > 0) toast.error(MESSAGES.FIX_ERRORS_BELOW);
    await formik.submitForm();
  }

  const errorOf = (field: keyof PlanValues) =>
    formik.submitCount > 0 || formik.touched[field]
      ? (formik.errors[field] as string | undefined)
      : undefined;
  const existingPlans = plans.data?.actionPlans ?? [];
  // The plan of the audit that already has the file's items, offered as the one to revise.
  const offered = result?.matchingPlan && formik.values.into === '' ? result.matchingPlan : null;
  const planPath =
    result && !result.dryRun && result.actionPlanId
      ? auditorPaths.actionPlan(targetCompanyId, auditId, result.actionPlanId)
      : undefined;

  return (
    <div className="va-import">
      <section className="va-import__section" aria-labelledby="va-import-file">
        <h2 id="va-import-file" className="va-import__section-title">
          {text.fileTitle}
        </h2>
        <p className="va-import__hint">{text.intro}</p>
        <div className="va-import__file-row">
          <TextField
            label={text.fileLabel}
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            onChange={onFile}
          />
          <Button variant="secondary" onClick={() => void readFile()} disabled={reading}>
            {reading ? text.reading : text.readFile}
          </Button>
        </div>
        {failure ? (
          <p className="va-import__banner" data-tone="error" role="alert">
            {failure}
          </p>
        ) : null}
      </section>

      {read ? (
        <>
          <MappingTable
            columns={read.columns}
            mapping={mapping}
            problem={mappingProblem}
            onChange={(column, field) => {
              setMapping((current) => ({ ...current, [column]: field }));
              setResult(null);
            }}
          />
          <StatusTable
            statuses={statuses}
            choices={statusChoices}
            onChange={(status, target) => {
              setStatusChoices((current) => ({ ...current, [status]: target }));
              setResult(null);
            }}
          />
          <PreviewTable columns={read.columns} rows={read.preview} />
          <form
            ref={formRef}
            className="va-import__section"
            aria-labelledby="va-import-plan"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit(true);
            }}
          >
            <h2 id="va-import-plan" className="va-import__section-title">
              {text.planTitle}
            </h2>
            <div className="va-import__fields">
              <SelectField
                label={text.importInto}
                name="into"
                value={formik.values.into}
                onChange={(event) => {
                  formik.handleChange(event);
                  setResult(null);
                }}
                options={[
                  { value: '', label: text.newPlan },
                  ...existingPlans.map((plan) => ({
                    value: plan.id,
                    label: plan.actionPlanHeading,
                  })),
                ]}
              />
              {formik.values.into === '' ? (
                <>
                  <TextField
                    label={planTexts.heading}
                    name="actionPlanHeading"
                    required
                    value={formik.values.actionPlanHeading}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                    error={errorOf('actionPlanHeading')}
                  />
                  <SelectField
                    label={planTexts.category}
                    name="category"
                    required
                    placeholder={planTexts.categoryPlaceholder}
                    options={categoryOptions()}
                    value={formik.values.category}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                    error={errorOf('category')}
                  />
                  {formHasTimeline(audit.auditForm) ? (
                    <DateField
                      label={planTexts.timeline}
                      name="timeline"
                      required
                      min={minSelectableDate()}
                      value={formik.values.timeline}
                      onChange={formik.handleChange}
                    />
                  ) : null}
                </>
              ) : (
                <TextField
                  label={revisionText.noteLabel}
                  name="revisionNote"
                  placeholder={revisionText.notePlaceholder}
                  maxLength={ESAP_REVISION_NOTE_MAX}
                  value={formik.values.revisionNote}
                  onChange={formik.handleChange}
                />
              )}
            </div>
            {needsAspect || needsSdgs ? (
              <>
                <h3 className="va-import__subtitle">{text.gapDefaultsTitle}</h3>
                <p className="va-import__hint">{text.gapDefaultsHint}</p>
                {needsAspect ? (
                  <SelectField
                    label={text.esgAspect}
                    name="ESGAspect"
                    required
                    placeholder={text.esgAspectPlaceholder}
                    options={ESG_ASPECTS.map((aspect) => ({
                      value: aspect,
                      label: ESG_ASPECT_LABELS[aspect],
                    }))}
                    value={formik.values.ESGAspect}
                    onChange={formik.handleChange}
                    onBlur={formik.handleBlur}
                    error={errorOf('ESGAspect')}
                  />
                ) : null}
                {needsSdgs ? (
                  <fieldset className="va-import__sdgs">
                    <legend className="vui-field__label">{text.impactedSdgs}</legend>
                    <div className="va-import__sdg-grid">
                      {SDGS.map((sdg) => (
                        <label key={sdg.code} className="va-import__sdg">
                          <input
                            type="checkbox"
                            name="impactedSDGs"
                            value={sdg.code}
                            checked={formik.values.impactedSDGs.includes(sdg.code)}
                            aria-invalid={errorOf('impactedSDGs') ? true : undefined}
                            onChange={formik.handleChange}
                          />
                          {sdg.code} {sdg.title}
                        </label>
                      ))}
                    </div>
                    {errorOf('impactedSDGs') ? (
                      <p className="vui-field__error">{errorOf('impactedSDGs')}</p>
                    ) : null}
                  </fieldset>
                ) : null}
              </>
            ) : null}
            <div className="va-import__actions">
              <Button
                variant="secondary"
                type="submit"
                disabled={formik.isSubmitting || Boolean(mappingProblem)}
              >
                {formik.isSubmitting && dryRun.current ? text.working : text.dryRun}
              </Button>
              <Button
                onClick={() => void submit(false)}
                disabled={formik.isSubmitting || Boolean(mappingProblem)}
              >
                {formik.isSubmitting && !dryRun.current
                  ? text.working
                  : result?.revision?.recorded && result.dryRun
                    ? revisionText.applyRevision(result.revision.number)
                    : text.import}
              </Button>
            </div>
            {offered ? (
              <div
                className="va-import__offer"
                role="group"
                aria-label={revisionText.offer(
                  offered.actionPlanHeading,
                  offered.matchingItems,
                  offered.fileItems,
                )}
              >
                <p className="va-import__banner" data-tone="info">
                  {revisionText.offer(
                    offered.actionPlanHeading,
                    offered.matchingItems,
                    offered.fileItems,
                  )}
                </p>
                <div className="va-import__actions">
                  <Button
                    onClick={() => {
                      void formik.setFieldValue('into', offered.id).then(() => submit(true));
                    }}
                    disabled={formik.isSubmitting}
                  >
                    {revisionText.importAsRevision(offered.actionPlanHeading)}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => void submit(false, true)}
                    disabled={formik.isSubmitting || Boolean(mappingProblem)}
                  >
                    {revisionText.importAsNewPlan}
                  </Button>
                </div>
              </div>
            ) : null}
          </form>
        </>
      ) : null}

      {result ? <ImportResult result={result} planPath={planPath} /> : null}
    </div>
  );
}
