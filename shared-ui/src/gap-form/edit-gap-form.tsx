import { useMemo } from 'react';
import { useLanguage } from '@verity/session';
import { MESSAGES, type Gap, type GapInput } from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { updateGap } from '@verity/shared-api/calls';
import { toast } from '../toast';
import { GapForm, type GapFormProps } from './gap-form';
import { GAP_FORM_TEXT } from './gap-form-text';
import { initialGapFormValues, toGapInput } from './gap-form-values';

export interface EditGapFormProps extends Omit<GapFormProps, 'onSubmit' | 'initialGap'> {
  gap: Gap;
  auditId: string;
  /** The gap with the changes merged in, for the list to show. */
  onSaved: (gap: Gap) => void;
}

/** Only what the user changed, so an untouched due date that has passed is not checked again. */
export function changedGapFields(before: GapInput, after: GapInput): Partial<GapInput> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof GapInput)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changes[key] = after[key];
  }
  return changes as Partial<GapInput>;
}

/** The gap form that edits a gap of an action plan. */
export function EditGapForm({
  gap,
  auditId,
  onSaved,
  submitLabel = GAP_FORM_TEXT.updateGap,
  ...formProps
}: EditGapFormProps) {
  useLanguage();
  const { formType, customFields, addOnFields } = formProps;
  const before = useMemo(
    () => toGapInput(initialGapFormValues(gap, customFields, addOnFields), formType),
    [gap, customFields, addOnFields, formType],
  );

  async function save(after: GapInput, extras?: { reason: string }) {
    const changes = changedGapFields(before, after);
    if (Object.keys(changes).length === 0) {
      onSaved(gap);
      return;
    }
    try {
      // The version the user saw: a gap someone changed since is refused (409) with who and when.
      const saved = await updateGap(gap.id, auditId, {
        ...changes,
        version: gap.version,
        ...(extras ? { reason: extras.reason } : {}),
      });
      onSaved({ ...gap, ...saved });
    } catch (error) {
      toast.error(getErrorText(error, MESSAGES.SOMETHING_WENT_WRONG_SHORT));
      throw error;
    }
  }

  return <GapForm {...formProps} submitLabel={submitLabel} initialGap={gap} onSubmit={save} />;
}
