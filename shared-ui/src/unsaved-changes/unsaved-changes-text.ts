/** The question asked before typed input that was not saved is thrown away. */
export const UNSAVED_CHANGES_TEXT = {
  title: 'Discard unsaved changes?',
  text: 'What you entered here has not been saved. If you leave now, it is lost.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;
