// Strings the target-company area shows itself, read in the language in use from its catalogue
// (locales/*.json); the feature screens bring their own.
import { t } from './texts';

export const TARGET_COMPANY_TEXTS = {
  /** The h1 shown above the missing-company message, so every page keeps its heading. */
  get noCompanyTitle() {
    return t('company.noCompany.title');
  },
};
