// Panel wording the spec does not give; the spec's own texts come from @verity/shared-api.
export const GAP_DETAILS_TEXT = {
  title: 'Gap Details',
  statusLabel: 'Status',
  statusPlaceholder: 'Select status',
  confirmTitle: 'Update status',
  confirmLabel: 'Update',
  tabsLabel: 'Gap activity',
  remarksTab: 'Remarks',
  historyTab: 'Status History',
  noHistory: 'No status changes yet',
  remarkLabel: 'Add a remark',
  remarkPlaceholder: 'Write your comments...',
  attachImages: 'Attach images',
  attachmentsInput: 'Image attachments',
  selectedImages: 'Selected images',
  send: 'Send',
  sdgImpact: 'SDG Impact',
  customFields: 'Additional Fields',
} as const;

export function removeImageLabel(fileName: string): string {
  return `Remove ${fileName}`;
}
