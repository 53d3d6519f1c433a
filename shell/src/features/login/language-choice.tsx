import { LANGUAGES, LANGUAGE_NAMES, isLanguage, useLanguage } from '@verity/session';
import { keepLanguage } from '../../lib/language';
import { t } from '../../strings';

/**
 * The language of the sign-in, chosen before signing in (docs/decisions/0109-languages.md): a list,
 * so the screen keeps its three buttons. Each language is named in its own words.
 */
export function LanguageChoice() {
  const language = useLanguage();
  return (
    <label className="login__language">
      <span>{t('shell.login.language')}</span>
      <select
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void keepLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((each) => (
          <option key={each} value={each} lang={each}>
            {LANGUAGE_NAMES[each]}
          </option>
        ))}
      </select>
    </label>
  );
}
