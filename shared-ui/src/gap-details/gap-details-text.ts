// Panel wording the spec does not give; the spec's own texts come from @verity/shared-api.
import { CLOSURE_CHECK_FLAG_LABELS } from '@verity/shared-api';
import { GAP_FORM_TEXT } from '../gap-form/gap-form-text';

export const GAP_DETAILS_TEXT = {
  title: 'Gap Details',
  /** The incidents the gap is a corrective action of. */
  correctiveActionOf: 'Corrective action of',
  incidentName: (category: string, date: string, location: string) =>
    `${category} on ${date} at ${location}`,
  statusLabel: 'Status',
  statusPlaceholder: 'Select status',
  confirmTitle: 'Update status',
  confirmLabel: 'Update',
  updatingStatus: 'Updating…',
  tabsLabel: 'Gap activity',
  remarksTab: 'Remarks',
  historyTab: 'Status History',
  noHistory: 'No status changes yet',
  remarkLabel: 'Add a remark',
  remarkPlaceholder: 'Write your comments...',
  attachImages: 'Attach images',
  takePhoto: 'Take photo',
  photoInput: 'Photo from the camera',
  remarkKeysHint: 'Enter sends, Shift+Enter adds a line.',
  /** A phone's keyboard has no Shift+Enter: there Enter adds a line and only the button sends. */
  remarkTouchKeysHint: 'Enter adds a line. Tap Send to send.',
  attachmentsHint: 'PNG, JPEG, GIF or WebP, up to 5 MB each, at most 10.',
  refusedImages: 'Not attached',
  attachmentsInput: 'Image attachments',
  selectedImages: 'Selected images',
  send: 'Send',
  sdgImpact: 'SDG Impact',
  customFields: 'Additional Fields',
  lenderFields: GAP_FORM_TEXT.lenderFields,
  withdraw: 'Withdraw',
  withdrawRemarkTitle: 'Withdraw remark',
  withdrawRemarkText:
    'Withdraw this remark? Its text and images are removed for everyone. A note that it was withdrawn stays in the list.',
  withdrawImageTitle: 'Withdraw image',
  remarkWithdrawnToast: 'Remark withdrawn',
  imageWithdrawnToast: 'Image withdrawn',
  attachmentWithdrawn: 'Attachment withdrawn',
} as const;

/** The button above a gap's newest remarks while earlier ones are not shown. */
export function earlierRemarksText(count: number): string {
  return count === 1 ? 'Show 1 earlier remark' : `Show ${count} earlier remarks`;
}

export function withdrawImageText(fileName: string): string {
  return `Withdraw ${fileName}? It is removed for everyone. A note that it was withdrawn stays with the remark.`;
}

export function withdrawImageLabel(fileName: string): string {
  return `Withdraw ${fileName}`;
}

export function remarkWithdrawnText(name: string, date: string): string {
  return `Remark withdrawn by ${name} on ${date}`;
}

export function removeImageLabel(fileName: string): string {
  return `Remove ${fileName}`;
}

/** What an image tells about itself (its evidence), beside each image of a remark. */
export const EVIDENCE_TEXT = {
  pixels: 'Pixels',
  taken: 'Taken',
  camera: 'Camera',
  location: 'Location',
  hash: 'SHA-256',
  noCaptureData: 'No capture data',
  takenBeforeGap: CLOSURE_CHECK_FLAG_LABELS.takenBeforeGap,
  sameFileOnAnotherGap: CLOSURE_CHECK_FLAG_LABELS.sameFileOnAnotherGap,
  timeZoneUnknown: 'time zone unknown',
  /** A capture time and place the uploading device recorded, for a photo that carried none. */
  deviceTime: 'Time recorded by the device, not the camera',
  devicePlace: 'Place recorded by the device, not the camera',
  unreadablePixels: 'Unknown',
} as const;

/** The longest KPI quoted whole in a badge; a longer one is cut, the whole in the badge's title. */
const QUOTED_KPI_LENGTH = 60;

export function sameFileText(kpi: string): string {
  const quoted =
    kpi.length > QUOTED_KPI_LENGTH ? `${kpi.slice(0, QUOTED_KPI_LENGTH - 1).trimEnd()}…` : kpi;
  return `Same file as on gap “${quoted}”`;
}

export function pixelSizeText(width: number, height: number): string {
  return `${width} × ${height} px`;
}

/** Said after the coordinates to screen readers: where the link goes. */
export const MAP_LINK_HINT = ' on OpenStreetMap (opens in a new tab)';

export function coordinatesText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(5)}, ${longitude.toFixed(5)}`;
}

export function hashTitle(sha256: string): string {
  return `SHA-256 ${sha256}`;
}
