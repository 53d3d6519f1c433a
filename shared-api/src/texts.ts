import { catalogue } from '@verity/session';
import english from './locales/en.json';

/** This package's texts in the language in use (docs/decisions/0109-languages.md). */
export const t = catalogue(english, (language) => import(`./locales/${language}.json`));
