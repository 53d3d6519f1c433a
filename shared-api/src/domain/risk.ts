import { textRecord } from '../text-records';
import type { StatusColor } from './status';

export const RISK_SEVERITIES = ['low', 'moderate', 'high'] as const;
export type RiskSeverity = (typeof RISK_SEVERITIES)[number];

/** Each risk's label id in the contract's catalogue (the report writes them in its own language). */
export const RISK_SEVERITY_TEXT_IDS = {
  low: 'contract.risk.low',
  moderate: 'contract.risk.moderate',
  high: 'contract.risk.high',
} as const satisfies Record<RiskSeverity, string>;

export const RISK_SEVERITY_LABELS: Readonly<Record<RiskSeverity, string>> =
  textRecord(RISK_SEVERITY_TEXT_IDS);

export const DEFAULT_RISK_SEVERITY: RiskSeverity = 'moderate';

export const RISK_SEVERITY_COLORS: Readonly<Record<RiskSeverity, StatusColor>> = {
  low: 'green',
  moderate: 'yellow',
  high: 'red',
};

export function isRiskSeverity(value: unknown): value is RiskSeverity {
  return typeof value === 'string' && (RISK_SEVERITIES as readonly string[]).includes(value);
}
