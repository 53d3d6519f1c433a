// The languages a user may choose (docs/decisions/0109-languages.md): one list, the session
// package's, for the browser's translator, the API's contract and its e-mails.
import { t } from '#texts';
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_NAMES,
  acceptLanguage,
  localeOf,
  directionOf,
  isLanguage,
  type Language,
} from '@verity/session/src/language/languages';
import { LANGUAGES } from '@verity/session/src/language/languages';

export const LANGUAGE_TEXT = {
  unknown: t('contract.refusal.language.unknown', { languages: LANGUAGES.join(', ') }),
  nothingToChange: t('contract.refusal.language.nothingToChange'),
} as const;
