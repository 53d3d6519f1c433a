import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  MESSAGES,
  ACTION_PLAN_CATEGORIES,
  ACTION_PLAN_CATEGORY_LABELS,
  actionPlanEditSchema,
  changeReasonSchema,
  formHasTimeline,
  minSelectableDate,
  movesLater,
  type ActionPlan,
  type ActionPlanChanges,
  type ChangeEntry,
} from '@verity/shared-api';
import { editActionPlan, getErrorText } from '@verity/shared-api/calls';
import {
  Button,
  DateField,
  SelectField,
  TextAreaField,
  TextField,
  toDateInputValue,
  toast,
  useFocusFirstError,
} from '@verity/shared-ui';
import { useLanguage } from '@verity/session';
import { t } from '../texts';
import './edit-plan.css';

export interface EditPlanFormProps {
  actionPlan: ActionPlan;
  auditId: string;
  /** The latest due date of the plan's gaps: a new timeline may not come before it. */
  latestDueDate?: string | null;
  /** The plan as saved, and its history; nothing when nothing changed. */
  onSaved: (saved?: { actionPlan: ActionPlan; changeHistory: ChangeEntry[] }) => void;
  onCancel: () => void;
  /** Told whether the form holds input not yet saved (the dialog asks before closing). */
  onDirtyChange?: (dirty: boolean) => void;
}

interface PlanValues {
  actionPlanHeading: string;
  category: string;
  /** The date input's 'YYYY-MM-DD'. */
  timeline: string;
  reason: string;
}

type PlanErrors = Partial<Record<keyof PlanValues, string>>;

/** The categories, labelled in the language in use. */
const categoryOptions = () =>
  ACTION_PLAN_CATEGORIES.map((category) => ({
    value: category,
    label: ACTION_PLAN_CATEGORY_LABELS[category],
  }));

/** A picked day as the start of that day in the user's time zone (as the gap form sends dates). */
const dayIso = (value: string) => (value ? new Date(`${value}T00:00:00`).toISOString() : null);

interface RuleProblem {
  path?: string;
  message: string;
  inner?: RuleProblem[];
}

/** A broken rule of the shared schemas (yup's ValidationError, told by its shape). */
function problemsOf(error: unknown): RuleProblem[] {
  if (typeof error !== 'object' || error === null || !('inner' in error)) throw error;
  const problem = error as RuleProblem;
  return problem.inner && problem.inner.length > 0 ? problem.inner : [problem];
}

/** Heading, category and timeline of a plan; a timeline moved later asks why (the API's own rule). */
export function EditPlanForm({
  actionPlan,
  auditId,
  latestDueDate,
  onSaved,
  onCancel,
  onDirtyChange,
}: EditPlanFormProps) {
  useLanguage();
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const hasTimeline = formHasTimeline(actionPlan.formType);
  const timelineMin = useMemo(() => minSelectableDate(), []);
  const initial = useMemo<PlanValues>(
    () => ({
      actionPlanHeading: actionPlan.actionPlanHeading,
      category: actionPlan.category,
      timeline: toDateInputValue(actionPlan.timeline),
      reason: '',
    }),
    [actionPlan],
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PlanErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  useFocusFirstError(formRef, submitCount, submitting);

  const timelineChanged = hasTimeline && values.timeline !== initial.timeline;
  const asksReason = timelineChanged && movesLater(initial.timeline, values.timeline);
  const dirty = (Object.keys(initial) as (keyof PlanValues)[]).some(
    (key) => values[key] !== initial[key],
  );
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  /** Sets a value and clears that field's error. */
  function change(name: keyof PlanValues, value: string) {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => ({ ...previous, [name]: undefined }));
  }

  function check(): PlanErrors {
    const found: PlanErrors = {};
    try {
      actionPlanEditSchema({
        latestDueDate: timelineChanged ? latestDueDate : undefined,
      }).validateSync(
        { ...values, timeline: hasTimeline ? values.timeline : undefined },
        { abortEarly: false },
      );
    } catch (error) {
      for (const problem of problemsOf(error)) {
        const field = problem.path as keyof PlanValues | undefined;
        if (field && !found[field]) found[field] = problem.message;
      }
    }
    if (asksReason) {
      try {
        changeReasonSchema('timeline').validateSync(values.reason);
      } catch (error) {
        found.reason = problemsOf(error)[0]?.message;
      }
    }
    return found;
  }

  /** Only what changed, with the version the user saw and the reason when one was asked. */
  function changesOf(): ActionPlanChanges {
    const changes: ActionPlanChanges = {};
    const heading = values.actionPlanHeading.trim();
    if (heading !== initial.actionPlanHeading) changes.actionPlanHeading = heading;
    if (values.category !== initial.category) changes.category = values.category;
    if (timelineChanged) changes.timeline = dayIso(values.timeline);
    return changes;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setSubmitCount((count) => count + 1);
      return;
    }
    const changes = changesOf();
    if (Object.keys(changes).length === 0) {
      onSaved();
      return;
    }
    setSubmitting(true);
    try {
      const saved = await editActionPlan(actionPlan.id, auditId, {
        ...changes,
        version: actionPlan.version,
        ...(asksReason ? { reason: values.reason.trim() } : {}),
      });
      toast.success(t('plans.editPlan.saved'));
      onSaved(saved);
    } catch (error) {
      // One clear error (a stale plan names who changed it and when); what was typed stays.
      toast.error(getErrorText(error, MESSAGES.SOMETHING_WENT_WRONG_SHORT));
      setSubmitting(false);
    }
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form ref={formRef} className="vui-edit-plan" noValidate onSubmit={submit}>
      <TextField
        id={id('heading')}
        label={t('plans.editPlan.heading')}
        required
        value={values.actionPlanHeading}
        onChange={(event) => change('actionPlanHeading', event.target.value)}
        error={errors.actionPlanHeading}
      />
      {hasTimeline ? (
        <DateField
          id={id('timeline')}
          label={t('plans.editPlan.timeline')}
          min={timelineMin}
          value={values.timeline}
          onChange={(event) => change('timeline', event.target.value)}
          error={errors.timeline}
        />
      ) : null}
      {asksReason ? (
        <TextAreaField
          id={id('reason')}
          label={t('plans.editPlan.laterTimelineReason')}
          hint={t('plans.editPlan.laterTimelineReasonHint')}
          required
          value={values.reason}
          onChange={(event) => change('reason', event.target.value)}
          error={errors.reason}
        />
      ) : null}
      <SelectField
        id={id('category')}
        label={t('plans.editPlan.category')}
        required
        placeholder={t('plans.editPlan.categoryPlaceholder')}
        options={categoryOptions()}
        value={values.category}
        onChange={(event) => change('category', event.target.value)}
        error={errors.category}
      />
      <div className="vui-edit-plan__actions">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {t('plans.common.cancel')}
        </Button>
        <Button type="submit" loading={submitting}>
          {t('plans.editPlan.save')}
        </Button>
      </div>
    </form>
  );
}
