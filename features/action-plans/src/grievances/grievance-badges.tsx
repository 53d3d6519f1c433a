import {
  GRIEVANCE_STAGE_LABELS,
  GRIEVANCE_TEXT as text,
  type GrievanceSummary,
} from '@verity/shared-api';
import { useLanguage } from '@verity/session';
import { Badge, type BadgeTone } from '@verity/shared-ui';
import { grievanceStage, targetState, type GrievanceStage } from './grievance-steps';

const STAGE_TONES: Readonly<Record<GrievanceStage, BadgeTone>> = {
  received: 'primary',
  acknowledged: 'blue',
  investigated: 'blue',
  resolved: 'green',
  closed: 'neutral',
};

/** The last step the grievance reached. */
export function GrievanceStageBadge({ grievance }: { grievance: GrievanceSummary }) {
  useLanguage();
  const stage = grievanceStage(grievance);
  return (
    <Badge tone={STAGE_TONES[stage]} dot>
      {GRIEVANCE_STAGE_LABELS[stage]}
    </Badge>
  );
}

/** Days before a target at which it turns amber. */
const SOON_DAYS = 2;

/** A target (acknowledge, resolve): met, late by so many days, or due in so many. */
export function TargetBadge({ daysLeft, taken }: { daysLeft: number; taken: boolean }) {
  useLanguage();
  const state = targetState(daysLeft, taken);
  if (state.kind === 'onTime')
    return (
      <Badge tone="green" dot>
        {text.onTime}
      </Badge>
    );
  if (state.kind === 'late')
    return (
      <Badge tone="red" dot>
        {text.lateBy(state.days)}
      </Badge>
    );
  return (
    <Badge tone={state.days <= SOON_DAYS ? 'yellow' : 'blue'} dot>
      {text.dueIn(state.days)}
    </Badge>
  );
}

/** Who raised it, as far as the reader may know: a name, "Anonymous" or "Identity withheld". */
export function ComplainantText({
  grievance,
}: {
  grievance: Pick<GrievanceSummary, 'anonymous' | 'complainantName' | 'identityWithheld'>;
}) {
  useLanguage();
  if (grievance.anonymous) return <span className="vui-incidents__muted">{text.anonymous}</span>;
  if (grievance.identityWithheld || !grievance.complainantName)
    return <span className="vui-incidents__muted">{text.identityWithheld}</span>;
  return <span className="vui-incidents__cell">{grievance.complainantName}</span>;
}
