import type { Gap } from '@verity/shared-api';
import { getErrorText } from '@verity/shared-api/calls';
import { toast } from '../toast';

/**
 * A write to the gap from one of its panel's dialogs: the gap it answers replaces the shown one and
 * `message` is toasted, or the server's reason is; true when it was saved (the dialog may close).
 */
export async function applyGapChange(
  work: Promise<Gap>,
  message: string,
  onGapChange: (gap: Gap) => void,
): Promise<boolean> {
  try {
    onGapChange(await work);
    toast.success(message);
    return true;
  } catch (error) {
    toast.error(getErrorText(error));
    return false;
  }
}
