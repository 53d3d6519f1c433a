// What every API process hears of the bell's new rows (migration 0061,
// docs/decisions/0107-the-bell-live.md): the database notifies on commit, naming the user the rows
// are for, and the feed tells that user's own streams.
import { isUuid } from '../uuid';

/** The channel migration 0061's trigger notifies on. */
export const NOTICES_CHANNEL = 'verity_notices';

/** The trigger's payload read strictly: the user (a membership) whose bell has something new. */
export function parseBellNotice(payload: string): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { u } = value as Record<string, unknown>;
  return isUuid(u) ? u : undefined;
}
