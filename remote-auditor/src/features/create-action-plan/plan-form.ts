import {
  actionPlanSchema,
  formHasTimeline,
  type ActionPlanCategory,
  type ActionPlanCreatePayload,
  type AuditForm,
  type GapInput,
} from '@verity/shared-api';

/** The typed values of the '{type} Details' section. */
export interface PlanFormValues {
  actionPlanHeading: string;
  timeline: string;
  category: string;
}

export type PlanFormErrors = Partial<Record<keyof PlanFormValues, string>>;

export const EMPTY_PLAN_FORM: PlanFormValues = {
  actionPlanHeading: '',
  timeline: '',
  category: '',
};

/** The section's errors by field under shared-api's action plan rules; empty when valid. */
export function checkPlanForm(values: PlanFormValues, formType: AuditForm): PlanFormErrors {
  try {
    actionPlanSchema().validateSync(
      { ...values, timeline: formHasTimeline(formType) ? values.timeline : '', formType },
      { abortEarly: false },
    );
    return {};
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const errors: PlanFormErrors = {};
    for (const problem of error.inner) {
      const field = problem.path as keyof PlanFormValues | undefined;
      if (field && field in EMPTY_PLAN_FORM && !errors[field]) errors[field] = problem.message;
    }
    return errors;
  }
}

function isValidationError(
  error: unknown,
): error is { inner: { path?: string; message: string }[] } {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { inner?: unknown }).inner)
  );
}

/** A date input's 'YYYY-MM-DD' as the ISO time of that local midnight, as the gap form sends its dates. */
export function localDayIso(value: string): string | undefined {
  const date = new Date(`${value}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The POST /action-plan body; a recommendation, or a blank timeline, sends none. */
export function toCreatePayload(
  values: PlanFormValues,
  formType: AuditForm,
  gap: GapInput,
): ActionPlanCreatePayload {
  const payload: ActionPlanCreatePayload = {
    actionPlanHeading: values.actionPlanHeading.trim(),
    category: values.category as ActionPlanCategory,
    formType,
    gap,
  };
  const timeline = formHasTimeline(formType) ? localDayIso(values.timeline) : undefined;
  if (timeline) payload.timeline = timeline;
  return payload;
}
