import { t } from '../texts';

/** The question asked before typed input that was not saved is thrown away, read when shown. */
export const UNSAVED_CHANGES_TEXT = {
  get title() {
    return t('ui.unsavedChanges.title');
  },
  get text() {
    return t('ui.unsavedChanges.text');
  },
  get keep() {
    return t('ui.unsavedChanges.keep');
  },
  get discard() {
    return t('ui.unsavedChanges.discard');
  },
} as const;
