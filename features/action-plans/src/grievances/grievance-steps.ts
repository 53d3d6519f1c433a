// Where a grievance stands and how long its steps took, from the days the API answers
// (docs/decisions/0105-grievance-screens.md). The log's `late` stays the server's (grievance_late).
import { GRIEVANCE_STEPS, type GrievanceStep, type GrievanceSummary } from '@verity/shared-api';
import { toDateInputValue } from '@verity/shared-ui';

export type GrievanceStage = 'received' | GrievanceStep;

const ON: Readonly<
  Record<GrievanceStep, 'acknowledgedOn' | 'investigatedOn' | 'resolvedOn' | 'closedOn'>
> = {
  acknowledged: 'acknowledgedOn',
  investigated: 'investigatedOn',
  resolved: 'resolvedOn',
  closed: 'closedOn',
};

/** The day a step was taken, or null. */
export const stepDay = (grievance: GrievanceSummary, step: GrievanceStep): string | null =>
  grievance[ON[step]];

/** The last step taken ("received" before any). */
export function grievanceStage(grievance: GrievanceSummary): GrievanceStage {
  return [...GRIEVANCE_STEPS].reverse().find((step) => stepDay(grievance, step)) ?? 'received';
}

/** The step to take next, in their order; null once closed. */
export function nextGrievanceStep(grievance: GrievanceSummary): GrievanceStep | null {
  return GRIEVANCE_STEPS.find((step) => !stepDay(grievance, step)) ?? null;
}

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today on this device, YYYY-MM-DD: a step form's first day (the server refuses a later one). */
export const today = () => toDateInputValue(new Date());

export type TargetState =
  { kind: 'onTime' } | { kind: 'late'; days: number } | { kind: 'due'; days: number };

/**
 * A target as the API counted it (`acknowledgeDaysLeft`, `resolveDaysLeft`: the SQL function
 * grievance_days_left, in the company's days): met, missed by so many days, or still to come.
 */
export function targetState(daysLeft: number, taken: boolean): TargetState {
  if (daysLeft < 0) return { kind: 'late', days: -daysLeft };
  return taken ? { kind: 'onTime' } : { kind: 'due', days: daysLeft };
}
