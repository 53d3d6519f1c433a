export { useUnsavedChanges } from './use-unsaved-changes';
export type { UnsavedChanges, UnsavedChangesOptions } from './use-unsaved-changes';
export { UNSAVED_CHANGES_TEXT } from './unsaved-changes-text';
export { ERROR_SCOPE_ATTRIBUTE, focusFirstInvalid, useFocusFirstError } from './focus-first-error';
