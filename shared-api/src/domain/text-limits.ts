// How long each text a person types may be: generous for real names and findings, bounded so one
// field can never carry a document. The forms and the API check the same numbers with the same words.
import { t } from '#texts';
import { textRecord } from '../text-records';

export const TEXT_LIMITS = {
  /** Company and auditor firm names, trading or registered. */
  organisationName: 250,
  /** A person's full name. */
  personName: 200,
  actionPlanHeading: 300,
  kpi: 3000,
  gapName: 500,
  responsibility: 500,
  areaCode: 100,
  /** Recommendation, action taken, residual risk: findings written out. */
  findingText: 5000,
  /** The name of an audit's custom field. */
  customFieldName: 200,
  /** A custom field's value on a gap. */
  customFieldValue: 2000,
  remark: 5000,
  /** Why a due date or a timeline moves later, kept with the change. */
  changeReason: 1000,
} as const;

/** The names the rules give the fields they bound, in the too-long message. */
export const TEXT_FIELD_LABELS = textRecord({
  actionPlanHeading: 'contract.field.actionPlanHeading',
  kpi: 'contract.field.kpi',
  gapName: 'contract.field.gapName',
  recommendation: 'contract.field.recommendation',
  responsibility: 'contract.field.responsibility',
  actionTaken: 'contract.field.actionTaken',
  residualRisk: 'contract.field.residualRisk',
  areaCode: 'contract.field.areaCode',
  customFieldValue: 'contract.field.customFieldValue',
  customFieldName: 'contract.field.customFieldName',
  reason: 'contract.field.reason',
  companyName: 'contract.field.companyName',
  registeredName: 'contract.field.registeredName',
  auditorName: 'contract.field.auditorName',
  fullName: 'contract.field.fullName',
});

/** 'Company name can be at most 250 characters.' */
export function tooLongMessage(label: string, max: number): string {
  return t('contract.rule.tooLong', { label, max });
}
