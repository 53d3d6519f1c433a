// Panel wording the spec does not give; the spec's own texts come from @verity/shared-api.
export const GAP_DETAILS_TEXT = {
  title: 'Gap Details',
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
  attachmentsHint: 'PNG, JPEG, GIF or WebP, up to 5 MB each, at most 10.',
  refusedImages: 'Not attached',
  attachmentsInput: 'Image attachments',
  selectedImages: 'Selected images',
  send: 'Send',
  sdgImpact: 'SDG Impact',
  customFields: 'Additional Fields',
  withdraw: 'Withdraw',
  withdrawRemarkTitle: 'Withdraw remark',
  withdrawRemarkText:
    'Withdraw this remark? Its text and images are removed for everyone. A note that it was withdrawn stays in the list.',
  withdrawImageTitle: 'Withdraw image',
  remarkWithdrawnToast: 'Remark withdrawn',
  imageWithdrawnToast: 'Image withdrawn',
  attachmentWithdrawn: 'Attachment withdrawn',
} as const;

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
