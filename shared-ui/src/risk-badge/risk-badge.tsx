import { useLanguage } from '@verity/session';
import {
  RISK_SEVERITY_COLORS,
  RISK_SEVERITY_LABELS,
  isRiskSeverity,
  type RiskSeverity,
} from '@verity/shared-api';
import { Badge } from '../badge';

export interface RiskBadgeProps {
  risk: RiskSeverity | string;
}

/** Low green, Moderate yellow, High red; the word is always shown. */
export function RiskBadge({ risk }: RiskBadgeProps) {
  useLanguage();
  const known = isRiskSeverity(risk);
  return (
    <Badge tone={known ? RISK_SEVERITY_COLORS[risk] : 'neutral'} dot data-risk={risk}>
      {known ? RISK_SEVERITY_LABELS[risk] : risk}
    </Badge>
  );
}
