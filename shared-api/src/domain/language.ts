// The languages a user may choose (docs/decisions/0109-languages.md): one list, the session
// package's, for the browser's translator, the API's contract and its e-mails.
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_NAMES,
  directionOf,
  isLanguage,
  type Language,
} from '@verity/session/src/language/languages';
import { LANGUAGES } from '@verity/session/src/language/languages';

export const LANGUAGE_TEXT = {
  unknown: `Language must be one of: ${LANGUAGES.join(', ')}`,
  nothingToChange: 'Send a dateStyle or a language to change',
} as const;
