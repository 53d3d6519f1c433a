// The portfolio's texts that other pages show (its name in their breadcrumbs), read in the language
// in use; every text of the package is in its catalogue (./texts).
import { t } from './texts';

export const PORTFOLIO_TEXTS = {
  get title() {
    return t('portfolio.page.title');
  },
};
