import { useLanguage } from '@verity/session';
import { MESSAGES, type Gap, type GapInput } from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { addGap } from '@verity/shared-api/calls';
import { toast } from '../toast';
import { GapForm, type GapFormProps } from './gap-form';

export interface AddGapFormProps extends Omit<GapFormProps, 'onSubmit' | 'initialGap'> {
  actionPlanId: string;
  auditId: string;
  /** The saved gap, for the list to put at its front. */
  onSaved: (gap: Gap) => void;
}

/** The gap form that adds a gap to an existing action plan. */
export function AddGapForm({ actionPlanId, auditId, onSaved, ...formProps }: AddGapFormProps) {
  useLanguage();
  async function save(gap: GapInput) {
    try {
      onSaved(await addGap(actionPlanId, auditId, gap));
    } catch (error) {
      toast.error(getErrorText(error, MESSAGES.SOMETHING_WENT_WRONG_SHORT));
      throw error;
    }
  }
  return <GapForm {...formProps} onSubmit={save} />;
}
