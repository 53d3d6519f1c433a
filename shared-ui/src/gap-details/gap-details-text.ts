// Panel wording the spec does not give; the spec's own texts come from @verity/shared-api. Each text
// is read when shown, in the language in use (docs/decisions/0109-languages.md).
import { CLOSURE_CHECK_FLAG_LABELS } from '@verity/shared-api';
import { GAP_FORM_TEXT } from '../gap-form/gap-form-text';
import { t } from '../texts';

export const GAP_DETAILS_TEXT = {
  get title() {
    return t('ui.gapDetails.title');
  },
  /** The incidents the gap is a corrective action of. */
  get correctiveActionOf() {
    return t('ui.gapDetails.correctiveActionOf');
  },
  incidentName: (category: string, date: string, location: string) =>
    t('ui.gapDetails.incidentName', { category, date, location }),
  get statusLabel() {
    return t('ui.gapDetails.statusLabel');
  },
  get statusPlaceholder() {
    return t('ui.gapDetails.statusPlaceholder');
  },
  get confirmTitle() {
    return t('ui.gapDetails.confirmTitle');
  },
  get confirmLabel() {
    return t('ui.gapDetails.confirmLabel');
  },
  get updatingStatus() {
    return t('ui.gapDetails.updatingStatus');
  },
  get tabsLabel() {
    return t('ui.gapDetails.tabsLabel');
  },
  get remarksTab() {
    return t('ui.gapDetails.remarksTab');
  },
  get historyTab() {
    return t('ui.gapDetails.historyTab');
  },
  get noHistory() {
    return t('ui.gapDetails.noHistory');
  },
  get remarksList() {
    return t('ui.gapDetails.remarksList');
  },
  get attachedImages() {
    return t('ui.gapDetails.attachedImages');
  },
  get remarkLabel() {
    return t('ui.gapDetails.remarkLabel');
  },
  get remarkPlaceholder() {
    return t('ui.gapDetails.remarkPlaceholder');
  },
  get attachImages() {
    return t('ui.gapDetails.attachImages');
  },
  get takePhoto() {
    return t('ui.gapDetails.takePhoto');
  },
  get photoInput() {
    return t('ui.gapDetails.photoInput');
  },
  get remarkKeysHint() {
    return t('ui.gapDetails.remarkKeysHint');
  },
  /** A phone's keyboard has no Shift+Enter: there Enter adds a line and only the button sends. */
  get remarkTouchKeysHint() {
    return t('ui.gapDetails.remarkTouchKeysHint');
  },
  get attachmentsHint() {
    return t('ui.gapDetails.attachmentsHint');
  },
  get refusedImages() {
    return t('ui.gapDetails.refusedImages');
  },
  get attachmentsInput() {
    return t('ui.gapDetails.attachmentsInput');
  },
  get selectedImages() {
    return t('ui.gapDetails.selectedImages');
  },
  get send() {
    return t('ui.gapDetails.send');
  },
  get sdgImpact() {
    return t('ui.gapDetails.sdgImpact');
  },
  get customFields() {
    return t('ui.gapDetails.customFields');
  },
  get lenderFields() {
    return GAP_FORM_TEXT.lenderFields;
  },
  get withdraw() {
    return t('ui.gapDetails.withdraw');
  },
  get withdrawRemarkTitle() {
    return t('ui.gapDetails.withdrawRemarkTitle');
  },
  /** The button withdrawing a remark, to screen readers: whose remark it is. */
  withdrawRemarkLabel: (name: string) => t('ui.gapDetails.withdrawRemarkLabel', { name }),
  get withdrawRemarkText() {
    return t('ui.gapDetails.withdrawRemarkText');
  },
  get withdrawImageTitle() {
    return t('ui.gapDetails.withdrawImageTitle');
  },
  get remarkWithdrawnToast() {
    return t('ui.gapDetails.remarkWithdrawnToast');
  },
  get imageWithdrawnToast() {
    return t('ui.gapDetails.imageWithdrawnToast');
  },
  get attachmentWithdrawn() {
    return t('ui.gapDetails.attachmentWithdrawn');
  },
} as const;

/** The terms of the gap's fields in the panel. */
export const GAP_FIELD_TERMS = {
  get kpi() {
    return t('ui.gapFields.kpi');
  },
  get created() {
    return t('ui.gapFields.created');
  },
  get dueDate() {
    return t('ui.gapFields.dueDate');
  },
  get status() {
    return t('ui.gapFields.status');
  },
  get riskLevel() {
    return t('ui.gapFields.riskLevel');
  },
  get esgAspect() {
    return t('ui.gapFields.esgAspect');
  },
  get areaCode() {
    return t('ui.gapFields.areaCode');
  },
  get amount() {
    return t('ui.gapFields.amount');
  },
  get gapName() {
    return t('ui.gapFields.gapName');
  },
  get recommendation() {
    return t('ui.gapFields.recommendation');
  },
  get riskAssessment() {
    return t('ui.gapFields.riskAssessment');
  },
  get responsibility() {
    return t('ui.gapFields.responsibility');
  },
  get actionTaken() {
    return t('ui.gapFields.actionTaken');
  },
} as const;

/** The button above a gap's newest remarks while earlier ones are not shown. */
export function earlierRemarksText(count: number): string {
  return t('ui.gapDetails.earlierRemarks', { count });
}

export function withdrawImageText(fileName: string): string {
  return t('ui.gapDetails.withdrawImageText', { fileName });
}

export function withdrawImageLabel(fileName: string): string {
  return t('ui.gapDetails.withdrawImageLabel', { fileName });
}

export function remarkWithdrawnText(name: string, date: string): string {
  return t('ui.gapDetails.remarkWithdrawn', { name, date });
}

export function removeImageLabel(fileName: string): string {
  return t('ui.gapDetails.removeImage', { fileName });
}

/** What an image tells about itself (its evidence), beside each image of a remark. */
export const EVIDENCE_TEXT = {
  get pixels() {
    return t('ui.evidence.pixels');
  },
  get taken() {
    return t('ui.evidence.taken');
  },
  get camera() {
    return t('ui.evidence.camera');
  },
  get location() {
    return t('ui.evidence.location');
  },
  hash: 'SHA-256',
  get noCaptureData() {
    return t('ui.evidence.noCaptureData');
  },
  get takenBeforeGap() {
    return CLOSURE_CHECK_FLAG_LABELS.takenBeforeGap;
  },
  get sameFileOnAnotherGap() {
    return CLOSURE_CHECK_FLAG_LABELS.sameFileOnAnotherGap;
  },
  get timeZoneUnknown() {
    return t('ui.evidence.timeZoneUnknown');
  },
  /** A capture time and place the uploading device recorded, for a photo that carried none. */
  get deviceTime() {
    return t('ui.evidence.deviceTime');
  },
  get devicePlace() {
    return t('ui.evidence.devicePlace');
  },
  get unreadablePixels() {
    return t('ui.evidence.unreadablePixels');
  },
} as const;

/** The longest KPI quoted whole in a badge; a longer one is cut, the whole in the badge's title. */
const QUOTED_KPI_LENGTH = 60;

/** 'Same file as on gap “…”', the KPI whole (for a title) or cut to fit a badge. */
export function sameFileText(kpi: string, whole = false): string {
  const quoted =
    !whole && kpi.length > QUOTED_KPI_LENGTH
      ? `${kpi.slice(0, QUOTED_KPI_LENGTH - 1).trimEnd()}…`
      : kpi;
  return t('ui.evidence.sameFile', { kpi: quoted });
}

export function pixelSizeText(width: number, height: number): string {
  return `${width} × ${height} px`;
}

/** Said after the coordinates to screen readers: where the link goes. */
export function mapLinkHint(): string {
  return ` ${t('ui.evidence.mapLinkHint')}`;
}

export function coordinatesText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

export function hashTitle(sha256: string): string {
  return `SHA-256 ${sha256}`;
}
