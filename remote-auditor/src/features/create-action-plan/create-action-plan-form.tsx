import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@verity/query';
import {
  MESSAGES,
  ACTION_PLAN_CATEGORIES,
  ACTION_PLAN_CATEGORY_LABELS,
  AUDIT_FORM_LABELS,
  actionPlanCreatedBanner,
  actionPlanCreatedToast,
  formHasTimeline,
  minSelectableDate,
  type Audit,
  type GapInput,
} from '@verity/shared-api';
import { createActionPlan, getErrorText } from '@verity/shared-api/calls';
import { clearDraft, useLanguage, writeDraft } from '@verity/session';
import {
  Button,
  DateField,
  ERROR_SCOPE_ATTRIBUTE,
  GapForm,
  PageHeader,
  SelectField,
  TextField,
  formatDateTime,
  toast,
  useUnsavedChanges,
  type GapFormValues,
  type PageTrail,
} from '@verity/shared-ui';
import { createdPlanPath } from '../../area-paths';
import { CREATE_ACTION_PLAN_TEXTS as texts } from '../../strings';
import { planDraftName, readPlanDraft, type PlanDraft } from './plan-draft';
import {
  EMPTY_PLAN_FORM,
  checkPlanForm,
  localDayIso,
  toCreatePayload,
  type PlanFormErrors,
  type PlanFormValues,
} from './plan-form';

export interface CreateActionPlanFormProps {
  audit: Audit;
  targetCompanyId: string;
  /** Where the page sits: Companies / the company / the audit. */
  trail?: PageTrail;
  /** The signed-in auditor, whose draft of this page is kept in the browser. */
  userId?: string;
}

interface Banner {
  tone: 'success' | 'error';
  text: string;
}

// Read when shown, so the labels are the language in use's.
const categoryOptions = () =>
  ACTION_PLAN_CATEGORIES.map((category) => ({
    value: category,
    label: ACTION_PLAN_CATEGORY_LABELS[category],
  }));

/** '{type} Details' and 'Gap Analysis' for one audit; the gap form's submit creates the plan. */
export function CreateActionPlanForm({
  audit,
  targetCompanyId,
  trail,
  userId,
}: CreateActionPlanFormProps) {
  useLanguage();
  const formType = audit.auditForm;
  const label = AUDIT_FORM_LABELS[formType];
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const idPrefix = useId();
  const timelineMin = useMemo(() => minSelectableDate(), []);
  // A draft kept from an earlier visit (a reload, a closed tab) fills both sections again.
  const draftName = planDraftName(audit.id);
  const [restored, setRestored] = useState<PlanDraft | undefined>(() =>
    userId ? readPlanDraft(userId, audit) : undefined,
  );
  // A new key shows a fresh gap form (after 'Discard draft').
  const [gapFormKey, setGapFormKey] = useState(0);
  const [values, setValues] = useState<PlanFormValues>(restored?.plan ?? EMPTY_PLAN_FORM);
  const [gapDraft, setGapDraft] = useState<{ values?: GapFormValues; dirty: boolean }>({
    dirty: false,
  });
  const [errors, setErrors] = useState<PlanFormErrors>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  // Once the plan exists, the gap form's reset after its save must not write a draft again.
  const [created, setCreated] = useState(false);
  const planDirty = (Object.keys(EMPTY_PLAN_FORM) as (keyof PlanFormValues)[]).some(
    (field) => values[field] !== EMPTY_PLAN_FORM[field],
  );
  const dirty = planDirty || gapDraft.dirty;
  const forgetDraft = useCallback(() => {
    if (userId) clearDraft(userId, draftName);
  }, [userId, draftName]);
  const unsaved = useUnsavedChanges(dirty, { onDiscard: forgetDraft, askBeforeUnload: false });
  const trackGapForm = useCallback(
    (gapValues: GapFormValues, gapDirty: boolean) =>
      setGapDraft({ values: gapValues, dirty: gapDirty }),
    [],
  );

  // Every change is kept as the draft; a form back to blank keeps none. Written as the change is
  // drawn (a layout effect), in the same task as the input, so that a reload at once loses nothing.
  useLayoutEffect(() => {
    if (!userId || created) return;
    if (!dirty) return clearDraft(userId, draftName);
    const draft: PlanDraft = {
      formType,
      plan: values,
      gap: gapDraft.dirty ? gapDraft.values : undefined,
      savedAt: new Date().toISOString(),
    };
    writeDraft(userId, draftName, draft);
  }, [userId, created, draftName, dirty, formType, values, gapDraft]);

  function discardDraft() {
    forgetDraft();
    setRestored(undefined);
    setValues(EMPTY_PLAN_FORM);
    setErrors({});
    setGapDraft({ dirty: false });
    setGapFormKey((key) => key + 1);
  }
  // The gap form calls back after its own checks; the latest typed plan values are read from here.
  const valuesRef = useRef(values);
  valuesRef.current = values;

  function change(field: keyof PlanFormValues, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Runs as the gap form is submitted, so both sections show their errors at once. */
  function checkPlanOnSubmit() {
    setBanner(null);
    const found = checkPlanForm(valuesRef.current, formType);
    setErrors(found);
    if (Object.keys(found).length > 0) toast.error(MESSAGES.FIX_ERRORS_BELOW);
  }

  async function create(gap: GapInput) {
    const planValues = valuesRef.current;
    // Rejecting keeps the gap form's values; the plan's errors are already shown.
    if (Object.keys(checkPlanForm(planValues, formType)).length > 0) {
      throw new Error(MESSAGES.FIX_ERRORS_BELOW);
    }
    let actionPlanId: string;
    try {
      const actionPlan = await createActionPlan(
        { targetCompanyId, auditId: audit.id },
        toCreatePayload(planValues, formType, gap),
      );
      actionPlanId = actionPlan.id;
    } catch (error) {
      const text = getErrorText(error);
      setBanner({ tone: 'error', text });
      toast.error(text);
      throw error;
    }
    // The audit's plan list loads again, with the new plan.
    void queryClient.invalidateQueries({ queryKey: queryKeys.actionPlans() });
    setBanner({ tone: 'success', text: actionPlanCreatedBanner(label) });
    toast.success(actionPlanCreatedToast(label));
    unsaved.release();
    setCreated(true);
    forgetDraft();
    navigate(createdPlanPath(location.pathname, actionPlanId));
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  const hasTimeline = formHasTimeline(formType);

  return (
    // One scope for both sections: a refused submit focuses the first field in error of either.
    <div className="va-create-plan" {...{ [ERROR_SCOPE_ATTRIBUTE]: '' }}>
      {unsaved.prompt}
      <PageHeader title={texts.pageTitle(label)} trail={trail} />
      {restored ? (
        <p className="va-create-plan__draft" role="status">
          <span>{texts.draftRestored(formatDateTime(restored.savedAt))}</span>
          <Button variant="secondary" size="sm" onClick={discardDraft}>
            {texts.discardDraft}
          </Button>
        </p>
      ) : null}
      {banner ? (
        <p
          className="va-create-plan__banner"
          data-tone={banner.tone}
          role={banner.tone === 'error' ? 'alert' : 'status'}
        >
          {banner.text}
        </p>
      ) : null}
      <section className="va-create-plan__section" aria-labelledby={id('details')}>
        <h2 id={id('details')} className="va-create-plan__section-title">
          {texts.detailsSection(label)}
        </h2>
        <div className="va-create-plan__details">
          <TextField
            id={id('heading')}
            label={texts.heading}
            required
            placeholder={texts.headingPlaceholder}
            value={values.actionPlanHeading}
            onChange={(event) => change('actionPlanHeading', event.target.value)}
            error={errors.actionPlanHeading}
          />
          {hasTimeline ? (
            // Required by its label; the rules check no timeline on submit.
            <DateField
              id={id('timeline')}
              label={texts.timeline}
              required
              min={timelineMin}
              value={values.timeline}
              onChange={(event) => change('timeline', event.target.value)}
              error={errors.timeline}
            />
          ) : null}
          <SelectField
            id={id('category')}
            label={texts.category}
            required
            placeholder={texts.categoryPlaceholder}
            options={categoryOptions()}
            value={values.category}
            onChange={(event) => change('category', event.target.value)}
            error={errors.category}
          />
        </div>
      </section>
      <section
        className="va-create-plan__section"
        aria-labelledby={id('gap')}
        onSubmitCapture={checkPlanOnSubmit}
      >
        <h2 id={id('gap')} className="va-create-plan__section-title">
          {texts.gapSection}
        </h2>
        <GapForm
          key={gapFormKey}
          formType={formType}
          planTimeline={hasTimeline && values.timeline ? localDayIso(values.timeline) : undefined}
          customFields={audit.fields}
          submitLabel={texts.submit(label)}
          onSubmit={create}
          restoredValues={gapFormKey === 0 ? restored?.gap : undefined}
          onValuesChange={trackGapForm}
        />
      </section>
    </div>
  );
}
